import TFLite

/// DEPTHWISE_CONV_2D: input `[N, H, W, C]`, filter `[1, KH, KW, C * M]`, optional bias `[C * M]`,
/// output `[N, OH, OW, C * M]`, where output channel `c * M + m` reads input channel `c`.
package struct DepthwiseConv2DParameters: Hashable, Sendable {
    package var batch: Int
    package var inputChannels: Int
    /// M: output channels per input channel.
    package var depthMultiplier: Int
    package var height: WindowAxis
    package var width: WindowAxis
    package var hasBias: Bool
    package var activation: ActivationRange

    package var outputChannels: Int { inputChannels * depthMultiplier }
    package var inputShape: [Int] { [batch, height.inputSize, width.inputSize, inputChannels] }
    package var filterShape: [Int] { [1, height.kernelSize, width.kernelSize, outputChannels] }
    package var outputShape: [Int] { [batch, height.outputSize, width.outputSize, outputChannels] }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        try reader.expectArity(inputs: 2...3)
        guard case .depthwiseConv2D(let options) = reader.node.options else { throw reader.wrongOptions() }
        let input = try reader.floatInput(0, rank: 4)
        let filter = try reader.floatInput(1, rank: 4)
        guard filter[0] == 1, input[3] > 0, filter[3] % input[3] == 0, filter[3] > 0 else {
            throw reader.invalid("filter \(filter) does not fit input \(input): expected [1, KH, KW, C * M]")
        }
        let multiplier = filter[3] / input[3]
        // TFLite derives M from the filter; a stated multiplier other than 0 must agree.
        guard options.depthMultiplier == 0 || options.depthMultiplier == multiplier else {
            throw reader.invalid("depth multiplier \(options.depthMultiplier) disagrees with filter \(filter) and input \(input)")
        }
        hasBias = reader.hasInput(2)
        if hasBias {
            let bias = try reader.floatInput(2)
            guard bias.reduce(1, *) == filter[3] else { throw reader.invalid("bias \(bias) does not match \(filter[3]) output channels") }
        }
        batch = input[0]
        inputChannels = input[3]
        depthMultiplier = multiplier
        let folded = reader.node.foldedPadding ?? .zero
        height = try WindowAxis(padding: options.padding, inputSize: input[1], kernelSize: filter[1], stride: options.strideH,
                                dilation: options.dilationH, folded: (folded.top, folded.bottom), reader: reader)
        width = try WindowAxis(padding: options.padding, inputSize: input[2], kernelSize: filter[2], stride: options.strideW,
                               dilation: options.dilationW, folded: (folded.left, folded.right), reader: reader)
        activation = try ActivationRange(options.fusedActivation, reader: reader)
    }
}

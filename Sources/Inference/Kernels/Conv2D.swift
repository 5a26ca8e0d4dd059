import TFLite

/// CONV_2D: input `[N, H, W, Cin]`, filter `[Cout, KH, KW, Cin]`, optional bias `[Cout]`,
/// output `[N, OH, OW, Cout]`.
package struct Conv2DParameters: Hashable, Sendable {
    package var batch: Int
    package var inputChannels: Int
    package var outputChannels: Int
    /// Rows (H) and columns (W) of the window, with SAME/VALID padding resolved.
    package var height: WindowAxis
    package var width: WindowAxis
    package var hasBias: Bool
    package var activation: ActivationRange

    package var inputShape: [Int] { [batch, height.inputSize, width.inputSize, inputChannels] }
    package var filterShape: [Int] { [outputChannels, height.kernelSize, width.kernelSize, inputChannels] }
    package var outputShape: [Int] { [batch, height.outputSize, width.outputSize, outputChannels] }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        // A fused epilogue adds inputs 3 and 4 (Node.epilogue), which only the kernels that run it read.
        try reader.expectArity(inputs: reader.node.epilogue == nil ? 2...3 : 2...5)
        guard case .conv2D(let options) = reader.node.options else { throw reader.wrongOptions() }
        let input = try reader.floatInput(0, rank: 4)
        let filter = try reader.floatInput(1, rank: 4)
        guard filter[3] == input[3], filter[3] > 0 else {
            throw reader.invalid("filter \(filter) does not match input channels of \(input)")
        }
        hasBias = reader.hasInput(2)
        if hasBias {
            let bias = try reader.floatInput(2)
            guard bias.reduce(1, *) == filter[0] else { throw reader.invalid("bias \(bias) does not match \(filter[0]) output channels") }
        }
        batch = input[0]
        inputChannels = input[3]
        outputChannels = filter[0]
        let folded = reader.node.foldedPadding ?? .zero
        height = try WindowAxis(padding: options.padding, inputSize: input[1], kernelSize: filter[1], stride: options.strideH,
                                dilation: options.dilationH, folded: (folded.top, folded.bottom), reader: reader)
        width = try WindowAxis(padding: options.padding, inputSize: input[2], kernelSize: filter[2], stride: options.strideW,
                               dilation: options.dilationW, folded: (folded.left, folded.right), reader: reader)
        activation = try ActivationRange(options.fusedActivation, reader: reader)
    }
}

import TFLite

/// MAX_POOL_2D and AVERAGE_POOL_2D: input `[N, H, W, C]`, output `[N, OH, OW, C]`. Padded
/// positions are skipped (they count neither for the maximum nor for the average's divisor).
package struct Pool2DParameters: Hashable, Sendable {
    package var batch: Int
    package var channels: Int
    package var height: WindowAxis
    package var width: WindowAxis
    package var activation: ActivationRange

    package var inputShape: [Int] { [batch, height.inputSize, width.inputSize, channels] }
    package var outputShape: [Int] { [batch, height.outputSize, width.outputSize, channels] }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        try reader.expectArity(inputs: 1...1)
        guard case .pool2D(let options) = reader.node.options else { throw reader.wrongOptions() }
        let input = try reader.floatInput(0, rank: 4)
        batch = input[0]
        channels = input[3]
        height = try WindowAxis(padding: options.padding, inputSize: input[1], kernelSize: options.filterH, stride: options.strideH, dilation: 1, reader: reader)
        width = try WindowAxis(padding: options.padding, inputSize: input[2], kernelSize: options.filterW, stride: options.strideW, dilation: 1, reader: reader)
        activation = try ActivationRange(options.fusedActivation, reader: reader)
    }
}

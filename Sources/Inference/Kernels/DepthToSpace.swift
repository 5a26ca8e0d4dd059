import TFLite

/// DEPTH_TO_SPACE with block size `b`: input `[N, H, W, C * b * b]`, output `[N, H * b, W * b, C]`.
/// Channels are taken in DCR order, as TFLite does: output `(h * b + dy, w * b + dx, c)` reads
/// input channel `(dy * b + dx) * C + c`.
package struct DepthToSpaceParameters: Hashable, Sendable {
    package var inputShape: [Int]
    package var blockSize: Int

    package var outputChannels: Int { inputShape[3] / (blockSize * blockSize) }
    package var outputShape: [Int] { [inputShape[0], inputShape[1] * blockSize, inputShape[2] * blockSize, outputChannels] }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        try reader.expectArity(inputs: 1...1)
        guard case .depthToSpace(let blockSize) = reader.node.options else { throw reader.wrongOptions() }
        inputShape = try reader.floatInput(0, rank: 4)
        guard blockSize >= 1, blockSize <= 1 << 10, inputShape[3] % (blockSize * blockSize) == 0 else {
            throw reader.invalid("block size \(blockSize) does not divide \(inputShape[3]) channels")
        }
        self.blockSize = blockSize
    }
}

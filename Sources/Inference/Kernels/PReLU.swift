import TFLite

/// PRELU: `out = x >= 0 ? x : alpha * x`, with `alpha` broadcast against the input (numpy rules),
/// typically `[C]` or `[1, 1, C]` for an NHWC input.
package struct PReLUParameters: Hashable, Sendable {
    package var inputShape: [Int]
    package var alphaShape: [Int]
    package var broadcast: Broadcast

    package var outputShape: [Int] { broadcast.outputShape }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        try reader.expectArity(inputs: 2...2)
        inputShape = try reader.floatInput(0)
        alphaShape = try reader.floatInput(1)
        guard max(inputShape.count, alphaShape.count) <= 6 else { throw reader.invalid("rank above 6 is not supported") }
        guard let broadcast = Broadcast(inputShape, alphaShape) else {
            throw reader.invalid("alpha \(alphaShape) does not broadcast against input \(inputShape)")
        }
        self.broadcast = broadcast
    }
}

import TFLite

/// PAD with zeros: paddings is a constant int32 `[rank, 2]` tensor of (before, after) counts.
package struct PadParameters: Hashable, Sendable {
    package var inputShape: [Int]
    package var before: [Int]
    package var after: [Int]

    package var outputShape: [Int] { (0..<inputShape.count).map { inputShape[$0] + before[$0] + after[$0] } }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        try reader.expectArity(inputs: 2...2)
        inputShape = try reader.floatInput(0)
        guard inputShape.count <= 6 else { throw reader.invalid("rank above 6 is not supported") }
        let paddingsShape = try reader.input(1).shape
        let paddings = try reader.int32Constant(1)
        guard paddingsShape == [inputShape.count, 2] else {
            throw reader.invalid("paddings of shape \(paddingsShape) for an input of rank \(inputShape.count)")
        }
        before = stride(from: 0, to: paddings.count, by: 2).map { paddings[$0] }
        after = stride(from: 1, to: paddings.count, by: 2).map { paddings[$0] }
        guard (before + after).allSatisfy({ $0 >= 0 && $0 <= 1 << 20 }) else {
            throw reader.invalid("paddings \(paddings) must be non-negative and small")
        }
    }
}

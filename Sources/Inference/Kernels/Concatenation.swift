import TFLite

/// CONCATENATION along `axis` (negative counts from the end); every other dimension must match.
package struct ConcatenationParameters: Hashable, Sendable {
    package var inputShapes: [[Int]]
    /// The axis, normalized to `0..<rank`.
    package var axis: Int
    package var activation: ActivationRange

    package var outputShape: [Int] {
        var shape = inputShapes[0]
        shape[axis] = inputShapes.reduce(0) { $0 + $1[axis] }
        return shape
    }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        guard case .concatenation(let axis, let fused) = reader.node.options else { throw reader.wrongOptions() }
        try reader.expectArity(inputs: 1...1024)
        let inputShapes = try (0..<reader.node.inputs.count).map { try reader.floatInput($0) }
        let rank = inputShapes[0].count
        let normalized = axis < 0 ? axis + rank : axis
        guard (0..<rank).contains(normalized) else { throw reader.invalid("axis \(axis) is out of range for rank \(rank)") }
        for shape in inputShapes {
            guard shape.count == rank,
                  (0..<rank).allSatisfy({ $0 == normalized || shape[$0] == inputShapes[0][$0] })
            else {
                throw reader.invalid("input shapes \(inputShapes) do not concatenate along axis \(axis)")
            }
        }
        self.inputShapes = inputShapes
        self.axis = normalized
        activation = try ActivationRange(fused, reader: reader)
    }
}

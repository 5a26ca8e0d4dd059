/// Numpy-style broadcasting of two shapes: shapes are aligned at their last dimension, and each
/// pair of dimensions must be equal or one of them 1.
package struct Broadcast: Hashable, Sendable {
    /// The broadcast shape.
    package var outputShape: [Int]
    /// Element strides of each operand over ``outputShape``'s dimensions (0 where broadcast).
    package var lhsStrides: [Int]
    package var rhsStrides: [Int]

    /// `nil` when the shapes cannot be broadcast together.
    package init?(_ lhs: [Int], _ rhs: [Int]) {
        let rank = max(lhs.count, rhs.count)
        let a = [Int](repeating: 1, count: rank - lhs.count) + lhs
        let b = [Int](repeating: 1, count: rank - rhs.count) + rhs
        var shape = [Int](repeating: 1, count: rank)
        for d in 0..<rank {
            guard a[d] == b[d] || a[d] == 1 || b[d] == 1 else { return nil }
            shape[d] = a[d] == 1 ? b[d] : a[d]
        }
        outputShape = shape
        lhsStrides = Broadcast.strides(of: a, over: shape)
        rhsStrides = Broadcast.strides(of: b, over: shape)
    }

    /// Row-major strides of `shape`, with 0 for dimensions of size 1 broadcast to a larger one.
    static func strides(of shape: [Int], over output: [Int]) -> [Int] {
        var strides = [Int](repeating: 0, count: shape.count)
        var step = 1
        for d in stride(from: shape.count - 1, through: 0, by: -1) {
            strides[d] = (shape[d] == 1 && output[d] != 1) ? 0 : step
            step *= shape[d]
        }
        return strides
    }

    /// Whether both operands have the output's shape (no broadcasting at all).
    package var isElementwise: Bool {
        let dense = Broadcast.strides(of: outputShape, over: outputShape)
        return lhsStrides == dense && rhsStrides == dense
    }
}

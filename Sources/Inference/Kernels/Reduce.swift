import TFLite

/// MEAN and SUM over the axes given by a constant int32 tensor (negative axes count from the end;
/// repeats are allowed). With `keep_dims` the reduced dimensions stay as 1, else they are removed.
package struct ReduceParameters: Hashable, Sendable {
    package enum Operation: Hashable, Sendable { case mean, sum }

    package var operation: Operation
    package var inputShape: [Int]
    /// Whether each input dimension is reduced.
    package var isReduced: [Bool]
    package var keepDims: Bool

    package var outputShape: [Int] {
        keepDims
            ? zip(inputShape, isReduced).map { $1 ? 1 : $0 }
            : zip(inputShape, isReduced).filter { !$1 }.map(\.0)
    }
    /// How many input elements fold into each output element.
    package var reducedCount: Int { zip(inputShape, isReduced).filter(\.1).map(\.0).reduce(1, *) }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        switch reader.node.op {
        case .mean: operation = .mean
        case .sum: operation = .sum
        default: throw reader.invalid("not a reduction")
        }
        try reader.expectArity(inputs: 2...2)
        switch reader.node.options {
        case .reducer(let keep): keepDims = keep
        case .none: keepDims = false
        default: throw reader.wrongOptions()
        }
        inputShape = try reader.floatInput(0)
        guard inputShape.count <= 6 else { throw reader.invalid("rank above 6 is not supported") }
        let axes = try reader.int32Constant(1)
        isReduced = [Bool](repeating: false, count: inputShape.count)
        for axis in axes {
            let normalized = axis < 0 ? axis + inputShape.count : axis
            guard isReduced.indices.contains(normalized) else {
                throw reader.invalid("axis \(axis) is out of range for shape \(inputShape)")
            }
            isReduced[normalized] = true
        }
    }
}

import TFLite

/// RESHAPE and SQUEEZE: the same values under a new shape.
///
/// RESHAPE takes its shape from the constant int32 second input when present, else from its
/// options; one dimension may be `-1` (inferred). SQUEEZE removes the listed dimensions of size 1
/// (negative indices count from the end), or every dimension of size 1 when none are listed.
package struct ReshapeParameters: Hashable, Sendable {
    package var inputShape: [Int]
    package var outputShape: [Int]

    package var elementCount: Int { inputShape.reduce(1, *) }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        switch reader.node.op {
        case .reshape:
            try reader.expectArity(inputs: 1...2)
            inputShape = try reader.floatInput(0)
            var requested: [Int]
            if reader.hasInput(1) {
                requested = try reader.int32Constant(1)
            } else if case .reshape(let newShape) = reader.node.options {
                requested = newShape
            } else {
                throw reader.invalid("no target shape (neither a shape input nor options)")
            }
            outputShape = try Self.resolve(requested, count: inputShape.reduce(1, *), reader: reader)
        case .squeeze:
            try reader.expectArity(inputs: 1...1)
            inputShape = try reader.floatInput(0)
            var dimensions: [Int] = []
            switch reader.node.options {
            case .squeeze(let listed): dimensions = listed
            case .none: break
            default: throw reader.wrongOptions()
            }
            var remove = [Bool](repeating: false, count: inputShape.count)
            if dimensions.isEmpty {
                remove = inputShape.map { $0 == 1 }
            }
            for dimension in dimensions {
                let d = dimension < 0 ? dimension + inputShape.count : dimension
                guard inputShape.indices.contains(d), inputShape[d] == 1 else {
                    throw reader.invalid("cannot squeeze dimension \(dimension) of \(inputShape)")
                }
                remove[d] = true
            }
            outputShape = zip(inputShape, remove).filter { !$1 }.map(\.0)
        default:
            throw reader.invalid("not a reshape")
        }
    }

    private static func resolve(_ requested: [Int], count: Int, reader: NodeReader) throws -> [Int] {
        var shape = requested
        let unknown = requested.indices.filter { requested[$0] == -1 }
        guard unknown.count <= 1, requested.allSatisfy({ $0 >= -1 }) else {
            throw reader.invalid("target shape \(requested) is invalid")
        }
        var known = 1
        for dimension in requested where dimension != -1 {
            let (product, overflow) = known.multipliedReportingOverflow(by: dimension)
            guard !overflow else { throw reader.invalid("target shape \(requested) overflows") }
            known = product
        }
        if let index = unknown.first {
            guard known > 0, count % known == 0 else {
                throw reader.invalid("cannot infer -1 in \(requested) for \(count) elements")
            }
            shape[index] = count / known
        }
        guard shape.reduce(1, *) == count else {
            throw reader.invalid("target shape \(requested) does not hold \(count) elements")
        }
        return shape
    }
}

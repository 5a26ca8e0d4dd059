import TFLite

/// TRANSPOSE by a constant int32 permutation: output dimension `i` is input dimension `perm[i]`.
package struct TransposeParameters: Hashable, Sendable {
    package var inputShape: [Int]
    package var permutation: [Int]

    package var outputShape: [Int] { permutation.map { inputShape[$0] } }

    package init(_ context: KernelContext) throws { try self.init(NodeReader(context)) }

    package init(_ reader: NodeReader) throws {
        try reader.expectArity(inputs: 2...2)
        inputShape = try reader.floatInput(0)
        guard inputShape.count <= 6 else { throw reader.invalid("rank above 6 is not supported") }
        permutation = try reader.int32Constant(1)
        guard permutation.sorted() == Array(0..<inputShape.count) else {
            throw reader.invalid("\(permutation) is not a permutation of the \(inputShape.count) dimensions")
        }
    }
}

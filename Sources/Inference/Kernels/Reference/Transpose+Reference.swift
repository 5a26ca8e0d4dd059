/// TRANSPOSE: the output's rows (`Shape6D.forEachRow`); output dimension i walks input
/// dimension perm[i].
final class ReferenceTransposeKernel: Kernel {
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>
    private let shape: [Int]         // output, 6-D
    private let inputSteps: [Int]    // 6-D: input stride of the dimension each output dimension walks

    init(_ context: KernelContext) throws {
        let p = try TransposeParameters(context)
        input = context.floats(context.input(0))
        output = context.floats(context.output(0))
        let inputStrides = Shape6D(p.inputShape).strides
        let pad = 6 - p.permutation.count
        // Output dimension pad + i walks input dimension pad + perm[i]; leading pads have size 1.
        var steps = [Int](repeating: 0, count: 6)
        for (i, axis) in p.permutation.enumerated() { steps[pad + i] = inputStrides[pad + axis] }
        inputSteps = steps
        shape = Shape6D(p.outputShape).dimensions
    }

    func invoke() {
        let count = shape[5], step = inputSteps[5]
        Shape6D.forEachRow(of: shape, strides: inputSteps) { row, offset, _ in
            let x = input + offset, out = output + row * count
            for i5 in 0..<count { out[i5] = x[i5 * step] }
        }
    }
}

/// TRANSPOSE: six nested loops over the output; output dimension i walks input dimension perm[i].
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
        let s = shape, t = inputSteps
        var out = output
        for i0 in 0..<s[0] {
            for i1 in 0..<s[1] {
                for i2 in 0..<s[2] {
                    for i3 in 0..<s[3] {
                        for i4 in 0..<s[4] {
                            let x = input + (i0 * t[0] + i1 * t[1] + i2 * t[2] + i3 * t[3] + i4 * t[4])
                            for i5 in 0..<s[5] { out[i5] = x[i5 * t[5]] }
                            out += s[5]
                        }
                    }
                }
            }
        }
    }
}

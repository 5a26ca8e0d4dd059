/// PRELU: `x >= 0 ? x : alpha * x`, alpha broadcast against the input (6-D nested loops).
final class ReferencePReLUKernel: Kernel {
    private let input: UnsafeMutablePointer<Float>
    private let alpha: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>
    private let shape: [Int]          // output, 6-D
    private let inputStrides: [Int]   // 6-D, 0 where broadcast
    private let alphaStrides: [Int]

    init(_ context: KernelContext) throws {
        let p = try PReLUParameters(context)
        input = context.floats(context.input(0))
        alpha = context.floats(context.input(1))
        output = context.floats(context.output(0))
        shape = Shape6D(p.outputShape).dimensions
        inputStrides = Shape6D.padded(p.broadcast.lhsStrides)
        alphaStrides = Shape6D.padded(p.broadcast.rhsStrides)
    }

    func invoke() {
        let s = shape, a = inputStrides, b = alphaStrides
        var out = output
        for i0 in 0..<s[0] {
            for i1 in 0..<s[1] {
                for i2 in 0..<s[2] {
                    for i3 in 0..<s[3] {
                        for i4 in 0..<s[4] {
                            let x = input + (i0 * a[0] + i1 * a[1] + i2 * a[2] + i3 * a[3] + i4 * a[4])
                            let slope = alpha + (i0 * b[0] + i1 * b[1] + i2 * b[2] + i3 * b[3] + i4 * b[4])
                            for i5 in 0..<s[5] {
                                let value = x[i5 * a[5]]
                                out[i5] = value >= 0 ? value : value * slope[i5 * b[5]]
                            }
                            out += s[5]
                        }
                    }
                }
            }
        }
    }
}

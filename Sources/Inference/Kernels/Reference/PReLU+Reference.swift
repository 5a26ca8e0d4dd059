/// PRELU: `x >= 0 ? x : alpha * x` (computed as `max(x, 0) + min(x, 0) * alpha`), alpha broadcast against the input (6-D nested loops).
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
        let (xs, ys) = (a[5], b[5])
        var out = output
        for i0 in 0..<s[0] {
            for i1 in 0..<s[1] {
                for i2 in 0..<s[2] {
                    for i3 in 0..<s[3] {
                        for i4 in 0..<s[4] {
                            let x = input + (i0 * a[0] + i1 * a[1] + i2 * a[2] + i3 * a[3] + i4 * a[4])
                            let slope = alpha + (i0 * b[0] + i1 * b[1] + i2 * b[2] + i3 * b[3] + i4 * b[4])
                            // max(x, 0) + min(x, 0) * alpha equals x >= 0 ? x : alpha * x for finite
                            // alpha, and has no branch, so the contiguous case vectorizes.
                            if xs == 1 && ys == 1 {
                                for i5 in 0..<s[5] { out[i5] = max(x[i5], 0) + min(x[i5], 0) * slope[i5] }
                            } else {
                                for i5 in 0..<s[5] { out[i5] = max(x[i5 * xs], 0) + min(x[i5 * xs], 0) * slope[i5 * ys] }
                            }
                            out += s[5]
                        }
                    }
                }
            }
        }
    }
}

/// PRELU: `x >= 0 ? x : alpha * x` (computed as `max(x, 0) + min(x, 0) * alpha`), alpha
/// broadcast against the input (rows of a 6-D walk, `Shape6D.forEachRow`).
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
        let count = shape[5]
        let (xs, ys) = (inputStrides[5], alphaStrides[5])
        Shape6D.forEachRow(of: shape, strides: inputStrides, alphaStrides) { row, aOffset, bOffset in
            let x = input + aOffset, slope = alpha + bOffset, out = output + row * count
            // max(x, 0) + min(x, 0) * alpha equals x >= 0 ? x : alpha * x for finite alpha, and
            // has no branch, so the contiguous case vectorizes.
            if xs == 1 && ys == 1 {
                for i5 in 0..<count { out[i5] = max(x[i5], 0) + min(x[i5], 0) * slope[i5] }
            } else {
                for i5 in 0..<count { out[i5] = max(x[i5 * xs], 0) + min(x[i5 * xs], 0) * slope[i5 * ys] }
            }
        }
    }
}

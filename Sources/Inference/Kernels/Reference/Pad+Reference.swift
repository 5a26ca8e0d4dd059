/// PAD with zeros: the output is cleared, then each input row (last dimension) is copied to its
/// offset position.
final class ReferencePadKernel: Kernel {
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>
    private let inputShape: Shape6D
    private let outputShape: Shape6D
    private let before: [Int]  // 6-D
    private let outputCount: Int

    init(_ context: KernelContext) throws {
        let p = try PadParameters(context)
        input = context.floats(context.input(0))
        output = context.floats(context.output(0))
        inputShape = Shape6D(p.inputShape)
        outputShape = Shape6D(p.outputShape)
        before = Shape6D.padded(p.before)
        outputCount = p.outputShape.reduce(1, *)
    }

    func invoke() {
        output.update(repeating: 0, count: outputCount)
        let s = inputShape.dimensions, t = outputShape.strides, b = before
        let count = s[5]
        // Each input row lands `before` further along every axis of the output.
        let base = (0..<5).reduce(b[5]) { $0 + b[$1] * t[$1] }
        Shape6D.forEachRow(of: s, strides: t) { row, offset, _ in
            (output + (base + offset)).update(from: input + row * count, count: count)
        }
    }
}

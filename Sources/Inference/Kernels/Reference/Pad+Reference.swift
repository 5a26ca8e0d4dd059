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
        var x = input
        for i0 in 0..<s[0] {
            for i1 in 0..<s[1] {
                for i2 in 0..<s[2] {
                    for i3 in 0..<s[3] {
                        for i4 in 0..<s[4] {
                            let offset = (i0 + b[0]) * t[0] + (i1 + b[1]) * t[1] + (i2 + b[2]) * t[2]
                                + (i3 + b[3]) * t[3] + (i4 + b[4]) * t[4] + b[5]
                            (output + offset).update(from: x, count: s[5])
                            x += s[5]
                        }
                    }
                }
            }
        }
    }
}

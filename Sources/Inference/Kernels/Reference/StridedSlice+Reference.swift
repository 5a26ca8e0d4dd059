/// STRIDED_SLICE: six nested loops over the taken elements; input index along dimension d is
/// `begin[d] + i * stride[d]`.
final class ReferenceStridedSliceKernel: Kernel {
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>
    private let sizes: [Int]     // 6-D counts taken per input dimension
    private let startOffset: Int // input index of the first element taken
    private let steps: [Int]     // 6-D: stride[d] * input stride of d, in elements

    init(_ context: KernelContext) throws {
        let p = try StridedSliceParameters(context)
        input = context.floats(context.input(0))
        output = context.floats(context.output(0))
        let inputStrides = Shape6D(p.inputShape).strides
        sizes = Shape6D.padded(p.sizes, with: 1)
        let begin = Shape6D.padded(p.begin)
        let stride = Shape6D.padded(p.stride, with: 1)
        steps = (0..<6).map { stride[$0] * inputStrides[$0] }
        startOffset = (0..<6).reduce(0) { $0 + begin[$1] * inputStrides[$1] }
    }

    func invoke() {
        let s = sizes, t = steps
        var out = output
        for i0 in 0..<s[0] {
            for i1 in 0..<s[1] {
                for i2 in 0..<s[2] {
                    for i3 in 0..<s[3] {
                        for i4 in 0..<s[4] {
                            let x = input + (startOffset + i0 * t[0] + i1 * t[1] + i2 * t[2] + i3 * t[3] + i4 * t[4])
                            for i5 in 0..<s[5] { out[i5] = x[i5 * t[5]] }
                            out += s[5]
                        }
                    }
                }
            }
        }
    }
}

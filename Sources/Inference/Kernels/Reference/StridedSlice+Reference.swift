/// STRIDED_SLICE: the rows of the taken elements (`Shape6D.forEachRow`); input index along
/// dimension d is `begin[d] + i * stride[d]`.
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
        let count = sizes[5], step = steps[5]
        Shape6D.forEachRow(of: sizes, strides: steps) { row, offset, _ in
            let x = input + (startOffset + offset), out = output + row * count
            for i5 in 0..<count { out[i5] = x[i5 * step] }
        }
    }
}

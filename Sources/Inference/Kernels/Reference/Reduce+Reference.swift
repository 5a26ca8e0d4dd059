/// MEAN and SUM: every input element (the rows of a 6-D walk, in order) is added to its output
/// element, in Float; MEAN then divides by the number of reduced elements.
final class ReferenceReduceKernel: Kernel {
    private let p: ReduceParameters
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>
    private let shape: [Int]          // input, 6-D
    private let outputStrides: [Int]  // 6-D over the input's dimensions, 0 on reduced ones
    private let outputCount: Int
    private let reducedCount: Float  // input elements per output element

    init(_ context: KernelContext) throws {
        p = try ReduceParameters(context)
        input = context.floats(context.input(0))
        output = context.floats(context.output(0))
        let kept = zip(p.inputShape, p.isReduced).map { $1 ? 1 : $0 }
        var strides = Broadcast.strides(of: kept, over: p.inputShape)
        for d in strides.indices where p.isReduced[d] { strides[d] = 0 }
        shape = Shape6D(p.inputShape).dimensions
        outputStrides = Shape6D.padded(strides)
        outputCount = kept.reduce(1, *)
        reducedCount = Float(p.reducedCount)
    }

    func invoke() {
        let s = shape, o = outputStrides, count = s[5]
        output.update(repeating: 0, count: outputCount)
        Shape6D.forEachRow(of: s, strides: o) { row, offset, _ in
            let x = input + row * count, out = output + offset
            if o[5] == 0 {
                // The innermost axis is reduced: the same additions, in the same order, in a
                // register instead of through memory.
                var sum = out[0]
                for i5 in 0..<count { sum += x[i5] }
                out[0] = sum
            } else {
                for i5 in 0..<count { out[i5 * o[5]] += x[i5] }
            }
        }
        if p.operation == .mean {
            for i in 0..<outputCount { output[i] /= reducedCount }
        }
    }
}

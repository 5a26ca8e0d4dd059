/// MEAN and SUM: every input element (6-D nested loops, in order) is added to its output element,
/// in Float; MEAN then divides by the number of reduced elements.
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
        let s = shape, o = outputStrides
        output.update(repeating: 0, count: outputCount)
        var x = input
        for i0 in 0..<s[0] {
            for i1 in 0..<s[1] {
                for i2 in 0..<s[2] {
                    for i3 in 0..<s[3] {
                        for i4 in 0..<s[4] {
                            let out = output + (i0 * o[0] + i1 * o[1] + i2 * o[2] + i3 * o[3] + i4 * o[4])
                            if o[5] == 0 {
                                // The innermost axis is reduced: the same additions, in the same
                                // order, in a register instead of through memory.
                                var sum = out[0]
                                for i5 in 0..<s[5] { sum += x[i5] }
                                out[0] = sum
                            } else {
                                for i5 in 0..<s[5] { out[i5 * o[5]] += x[i5] }
                            }
                            x += s[5]
                        }
                    }
                }
            }
        }
        if p.operation == .mean {
            for i in 0..<outputCount { output[i] /= reducedCount }
        }
    }
}

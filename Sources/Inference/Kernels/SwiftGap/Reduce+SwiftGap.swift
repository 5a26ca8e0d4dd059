/// MEAN and SUM when the reduced axes form one contiguous block of the (size-1-free) shape, seen
/// as `[outer, reduced, inner]`: rows are summed with several accumulators (inner = 1) or whole
/// inner rows are accumulated at once, both of which vectorize.
final class SwiftGapReduceKernel: Kernel {
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>
    private let outer: Int, reduced: Int, inner: Int
    private let isMean: Bool

    /// The kernel, or nil when the reduced axes are not one contiguous block.
    static func make(_ context: KernelContext) throws -> SwiftGapReduceKernel? {
        let p = try ReduceParameters(context)
        // Drop size-1 dimensions: they change neither the layout nor the sums.
        let dims = zip(p.inputShape, p.isReduced).filter { $0.0 != 1 }
        let input = context.floats(context.input(0)), output = context.floats(context.output(0))
        let isMean = p.operation == .mean
        guard let first = dims.firstIndex(where: { $0.1 }), let last = dims.lastIndex(where: { $0.1 }) else {
            // Only size-1 axes are reduced: every output element is one input element.
            let count = p.inputShape.reduce(1, *)
            return SwiftGapReduceKernel(input: input, output: output, outer: count, reduced: 1, inner: 1, isMean: isMean)
        }
        guard dims[first...last].allSatisfy(\.1) else { return nil }
        let outer = dims[..<first].map(\.0).reduce(1, *)
        let reduced = dims[first...last].map(\.0).reduce(1, *)
        let inner = dims[(last + 1)...].map(\.0).reduce(1, *)
        return SwiftGapReduceKernel(input: input, output: output, outer: outer, reduced: reduced, inner: inner, isMean: isMean)
    }

    private init(input: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>, outer: Int, reduced: Int, inner: Int, isMean: Bool) {
        self.input = input
        self.output = output
        self.outer = outer
        self.reduced = reduced
        self.inner = inner
        self.isMean = isMean
    }

    func invoke() {
        let count = Float(reduced)
        let scale = 1 / count
        if inner == 1 {
            for o in 0..<outer {
                let sum = Self.sum(input + o * reduced, count: reduced)
                output[o] = isMean ? sum / count : sum
            }
            return
        }
        for o in 0..<outer {
            let out = output + o * inner
            out.update(repeating: 0, count: inner)
            var row = input + o * reduced * inner
            for _ in 0..<reduced {
                for i in 0..<inner { out[i] += row[i] }
                row += inner
            }
            if isMean { for i in 0..<inner { out[i] *= scale } }
        }
    }

    /// Sum of `count` contiguous floats with eight-lane partial sums.
    private static func sum(_ x: UnsafeMutablePointer<Float>, count: Int) -> Float {
        var i = 0
        var acc = SIMD8<Float>(repeating: 0)
        let raw = UnsafeRawPointer(x)
        while i + 8 <= count {
            acc += raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD8<Float>.self)
            i += 8
        }
        var total = acc.sum()
        while i < count { total += x[i]; i += 1 }
        return total
    }
}

/// TRANSPOSE when, after dropping size-1 dimensions and merging dimensions that stay neighbours,
/// it swaps the last two: `[outer, rows, columns]` to `[outer, columns, rows]` (e.g. the token /
/// channel swaps of an MLP-Mixer). Four input rows are read together, so each output row is
/// written four contiguous values at a time. A transpose only moves values: results are exact.
final class SwiftGapTransposeKernel: Kernel {
    private let input: UnsafeMutablePointer<Float>
    private let output: UnsafeMutablePointer<Float>
    private let outer: Int, rows: Int, columns: Int

    /// The kernel, or nil when the permutation is not such a swap.
    static func make(_ context: KernelContext) throws -> SwiftGapTransposeKernel? {
        let p = try TransposeParameters(context)
        guard let (outer, rows, columns) = swapOfLastTwo(shape: p.inputShape, permutation: p.permutation) else { return nil }
        return SwiftGapTransposeKernel(input: context.floats(context.input(0)), output: context.floats(context.output(0)),
                                        outer: outer, rows: rows, columns: columns)
    }

    /// `(outer, rows, columns)` when `permutation` of `shape` amounts to swapping the last two
    /// blocks of dimensions, else nil.
    static func swapOfLastTwo(shape: [Int], permutation: [Int]) -> (Int, Int, Int)? {
        // The input axes that are not 1, numbered in input order, listed in output order; then
        // runs that are consecutive in the input merged into groups.
        let nonUnit = shape.indices.filter { shape[$0] != 1 }
        let kept = permutation.filter { shape[$0] != 1 }.map { nonUnit.firstIndex(of: $0)! }
        var groups: [[Int]] = []
        for axis in kept {
            if let last = groups.last?.last, axis == last + 1 { groups[groups.count - 1].append(axis) } else { groups.append([axis]) }
        }
        let sizes = groups.map { $0.map { shape[nonUnit[$0]] }.reduce(1, *) }
        // Input order of the groups: by their first axis.
        let inputOrder = groups.indices.sorted { groups[$0][0] < groups[$1][0] }
        switch groups.count {
        case 2 where inputOrder == [1, 0]: return (1, sizes[1], sizes[0])
        case 3 where inputOrder == [0, 2, 1]: return (sizes[0], sizes[2], sizes[1])
        default: return nil
        }
    }

    private init(input: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>, outer: Int, rows: Int, columns: Int) {
        self.input = input
        self.output = output
        self.outer = outer
        self.rows = rows
        self.columns = columns
    }

    func invoke() {
        let (rows, columns) = (self.rows, self.columns)
        for o in 0..<outer {
            let x = input + o * rows * columns   // [rows, columns]
            let y = output + o * rows * columns  // [columns, rows]
            var r = 0
            while r + 4 <= rows {
                let (x0, x1, x2, x3) = (x + r * columns, x + (r + 1) * columns, x + (r + 2) * columns, x + (r + 3) * columns)
                for c in 0..<columns {
                    let four = SIMD4<Float>(x0[c], x1[c], x2[c], x3[c])
                    UnsafeMutableRawPointer(y + c * rows + r).storeBytes(of: four, as: SIMD4<Float>.self)
                }
                r += 4
            }
            while r < rows {
                let row = x + r * columns
                for c in 0..<columns { y[c * rows + r] = row[c] }
                r += 1
            }
        }
    }
}

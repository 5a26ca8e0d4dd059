/// A shape of rank ≤ 6 padded with leading 1s to exactly 6 dimensions, with its row-major strides,
/// so that N-dimensional reference kernels can be six plain nested loops.
struct Shape6D {
    var dimensions: [Int]
    var strides: [Int]

    init(_ shape: [Int]) {
        precondition(shape.count <= 6, "rank \(shape.count) above 6")
        dimensions = [Int](repeating: 1, count: 6 - shape.count) + shape
        strides = [Int](repeating: 1, count: 6)
        for d in stride(from: 4, through: 0, by: -1) { strides[d] = strides[d + 1] * dimensions[d + 1] }
    }

    /// `strides`, left-padded to 6 entries, for a stride vector of a lower-rank shape.
    static func padded(_ strides: [Int], with fill: Int = 0) -> [Int] {
        [Int](repeating: fill, count: 6 - strides.count) + strides
    }

    /// Walks the rows of `dimensions` (6-D; a row runs along the last axis) in row-major order,
    /// calling `body` with each row's index (0, 1, …) and the offsets of its start along the two
    /// 6-D stride vectors `a` and `b` (element strides of two inputs; 0 where one is broadcast).
    @inline(__always)
    static func forEachRow(of dimensions: [Int], strides a: [Int], _ b: [Int] = [0, 0, 0, 0, 0, 0],
                           _ body: (_ row: Int, _ aOffset: Int, _ bOffset: Int) -> Void) {
        let s = dimensions
        var row = 0
        for i0 in 0..<s[0] {
            for i1 in 0..<s[1] {
                for i2 in 0..<s[2] {
                    for i3 in 0..<s[3] {
                        for i4 in 0..<s[4] {
                            body(row, i0 * a[0] + i1 * a[1] + i2 * a[2] + i3 * a[3] + i4 * a[4],
                                 i0 * b[0] + i1 * b[1] + i2 * b[2] + i3 * b[3] + i4 * b[4])
                            row += 1
                        }
                    }
                }
            }
        }
    }
}

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
}

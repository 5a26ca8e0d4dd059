/// How much of each pixel of a box a shape covers: row-major values in 0…1 for the pixels
/// `xs × ys` (values above 1 count as 1; zero, negative and NaN as uncovered).
struct CoverageMap {
    let xs: Range<Int>
    let ys: Range<Int>
    var values: [Float]

    /// An empty (all-zero) map of the box `xs × ys`.
    init(xs: Range<Int>, ys: Range<Int>) {
        self.xs = xs
        self.ys = ys
        values = [Float](repeating: 0, count: xs.count * ys.count)
    }

    /// The map of the box `xs × ys` with these `values` (`xs.count × ys.count` of them).
    init(xs: Range<Int>, ys: Range<Int>, values: [Float]) {
        precondition(values.count == xs.count * ys.count, "a coverage map needs one value per pixel")
        self.xs = xs
        self.ys = ys
        self.values = values
    }
}

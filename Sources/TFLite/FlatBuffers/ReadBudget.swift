/// A limit on the work a reader may do on one file, so that a hostile file cannot make it hang.
///
/// Flatbuffers may share sub-objects (many vector entries can point at the same table), so a file
/// of `n` bytes can describe far more than `n` elements. Every table visited and every vector element
/// decoded spends from this budget; a well-formed file never needs more than a few units per byte.
final class ReadBudget {
    private(set) var remaining: Int
    let fileSize: Int

    /// A budget proportional to the size of the data being read.
    init(fileSize: Int, unitsPerByte: Int = 2, minimum: Int = 1 << 16) {
        self.fileSize = fileSize
        let (scaled, overflow) = fileSize.multipliedReportingOverflow(by: unitsPerByte)
        remaining = overflow ? Int.max : Swift.max(scaled, minimum)
    }

    /// Spends `units`, or throws when the file asks for more work than its size can justify.
    func spend(_ units: Int, on what: @autoclosure () -> String) throws {
        guard units >= 0, units <= remaining else {
            throw ModelError.invalid(
                what: what(),
                detail: "the file references more data than its \(fileSize) bytes can hold (shared or cyclic offsets)"
            )
        }
        remaining -= units
    }
}

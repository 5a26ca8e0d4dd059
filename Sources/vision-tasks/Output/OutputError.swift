/// A result, overlay or mask file that could not be written: its path and why. Exit status 1.
struct OutputError: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): \(reason)" }
}

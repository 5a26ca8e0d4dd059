/// What went wrong in a VisionCore computation whose inputs come from a model or a file.
public enum VisionCoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A tensor or array does not have the number of elements the computation needs.
    case sizeMismatch(what: String, expected: Int, actual: Int)
    /// An argument is outside its valid range.
    case invalidArgument(String)

    public var description: String {
        switch self {
        case let .sizeMismatch(what, expected, actual):
            "\(what) has \(actual) elements, expected \(expected)"
        case let .invalidArgument(message):
            message
        }
    }
}

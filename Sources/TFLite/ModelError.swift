/// Why a model file or bundle could not be read. Every case says what is wrong and where.
public enum ModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data is too short to be a model of this kind (`size` bytes).
    case tooSmall(size: Int)
    /// A flatbuffer offset or length points outside the file: `what` names the field.
    case outOfBounds(what: String, offset: Int, fileSize: Int)
    /// A value is present but not allowed: `what` names the field, `detail` says why.
    case invalid(what: String, detail: String)
    /// The file could not be read from disk.
    case unreadable(path: String, reason: String)
    /// A `.task` bundle (zip) is malformed, or lacks a member we need.
    case bundle(detail: String)

    public var description: String {
        switch self {
        case .tooSmall(let size): "model data too small (\(size) bytes)"
        case .outOfBounds(let what, let offset, let fileSize): "\(what) at offset \(offset) lies outside the file (\(fileSize) bytes)"
        case .invalid(let what, let detail): "invalid \(what): \(detail)"
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .bundle(let detail): "bad .task bundle: \(detail)"
        }
    }
}

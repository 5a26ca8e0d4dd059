import Foundation

/// A line between two landmarks, by their indices into a result's landmark array (as MediaPipe,
/// `UInt`; the samples write `landmarks[Int(connection.start)]`). Immutable.
public final class Connection: NSObject, @unchecked Sendable {
    public let start: UInt
    public let end: UInt

    public init(start: UInt, end: UInt) {
        self.start = start
        self.end = end
        super.init()
    }

    override public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? Connection else { return false }
        return start == other.start && end == other.end
    }

    override public var hash: Int { Int(truncatingIfNeeded: start &* 1024 &+ end) }

    override public var description: String { "Connection(\(start)-\(end))" }
}

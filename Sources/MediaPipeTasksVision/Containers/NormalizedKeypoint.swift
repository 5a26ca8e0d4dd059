import Foundation

/// A keypoint of a detection in normalized image coordinates (fractions of the width and height
/// of the image as stored; origin top-left, y down). Immutable.
public final class NormalizedKeypoint: NSObject, @unchecked Sendable {
    /// The normalized position.
    public let location: CGPoint
    /// The keypoint's name, when the model has one (nil for the face detector).
    public let label: String?
    /// The keypoint's score; 0 when the model gives none (the face detector).
    public let score: Float

    public init(location: CGPoint, label: String?, score: Float) {
        self.location = location
        self.label = label
        self.score = score
        super.init()
    }

    /// Equal location, label and score. (Exact, and consistent with `hash`, as the landmarks'.)
    override public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NormalizedKeypoint else { return false }
        return location == other.location && label == other.label && score == other.score
    }

    override public var hash: Int {
        var hasher = Hasher()
        hasher.combine(location.x)
        hasher.combine(location.y)
        hasher.combine(label)
        hasher.combine(score)
        return hasher.finalize()
    }
}

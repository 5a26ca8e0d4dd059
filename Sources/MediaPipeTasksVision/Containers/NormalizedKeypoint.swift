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
}

import Foundation

/// One detected object: its categories, box and keypoints. Immutable.
public final class Detection: NSObject, @unchecked Sendable {
    /// The scored categories; the face detector gives one, index 0, whose score is the detection
    /// confidence.
    public let categories: [ResultCategory]
    /// The box in **pixels** of the image as stored (orientation not applied): `origin` is the
    /// top-left corner (xmin, ymin), y down. Whole numbers, truncated and clamped as MediaPipe.
    public let boundingBox: CGRect
    /// Normalized keypoints, or nil when the model has none. The face detector gives 6: the eye on
    /// the image's left (the subject's right eye), the other eye, the nose tip, the mouth centre,
    /// the ear tragion on the image's left, the other tragion.
    public let keypoints: [NormalizedKeypoint]?

    public init(categories: [ResultCategory], boundingBox: CGRect, keypoints: [NormalizedKeypoint]?) {
        self.categories = categories
        self.boundingBox = boundingBox
        self.keypoints = keypoints
        super.init()
    }
}

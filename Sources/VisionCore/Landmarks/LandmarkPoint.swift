/// One landmark as MediaPipe's graphs carry it (`NormalizedLandmark` or, in pixels or metres,
/// `Landmark`): float32 coordinates plus optional visibility and presence probabilities.
///
/// The coordinate system depends on the stage and is stated by each function: tensor-normalized
/// after decoding, image-normalized after projection (z in the same scale as x), pixels inside
/// smoothing, metres for world landmarks.
public struct LandmarkPoint: Sendable, Hashable {
    public var x: Float
    public var y: Float
    public var z: Float
    /// Probability that the landmark is visible (not occluded), if the model gives one.
    public var visibility: Float?
    /// Probability that the landmark is inside the image, if the model gives one.
    public var presence: Float?

    public init(x: Float, y: Float, z: Float = 0, visibility: Float? = nil, presence: Float? = nil) {
        self.x = x
        self.y = y
        self.z = z
        self.visibility = visibility
        self.presence = presence
    }
}

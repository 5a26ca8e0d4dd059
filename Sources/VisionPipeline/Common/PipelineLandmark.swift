/// A landmark in normalized coordinates of the input pixels (x to the right, y down, each in
/// [0, 1] of the input width/height; z has roughly the scale of x, smaller is nearer the camera),
/// or in metres for world landmarks.
public struct PipelineLandmark: Sendable, Hashable {
    public var x: Float
    public var y: Float
    public var z: Float
    /// Probability that the landmark is visible (not occluded), when the model gives one.
    public var visibility: Float?
    /// Probability that the landmark is inside the image, when the model gives one.
    public var presence: Float?

    public init(x: Float, y: Float, z: Float, visibility: Float? = nil, presence: Float? = nil) {
        self.x = x
        self.y = y
        self.z = z
        self.visibility = visibility
        self.presence = presence
    }
}

/// A 2-D point in normalized coordinates of the input pixels (x right, y down, [0, 1]).
public struct PipelinePoint: Sendable, Hashable {
    public var x: Float
    public var y: Float

    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
}

/// A pixel box in the input's pixel grid, as MediaPipe reports it: each value is the normalized
/// coordinate times the image size, truncated toward zero.
public struct PixelBox: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// One detected face: score, pixel box and keypoints in the input's pixel grid.
public struct PipelineDetection: Sendable, Hashable {
    /// Detection confidence in [0, 1].
    public var score: Float
    /// The box in input pixels (MediaPipe's truncated integer box).
    public var boundingBox: PixelBox
    /// The six face keypoints (right eye, left eye, nose tip, mouth, right ear tragion, left ear
    /// tragion), normalized to the input width/height.
    public var keypoints: [PipelinePoint]

    public init(score: Float, boundingBox: PixelBox, keypoints: [PipelinePoint]) {
        self.score = score
        self.boundingBox = boundingBox
        self.keypoints = keypoints
    }
}

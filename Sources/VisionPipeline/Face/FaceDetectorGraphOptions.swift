import Inference

/// Options of `FaceDetectorGraph` (MediaPipe FaceDetector's options).
public struct FaceDetectorGraphOptions: Sendable {
    /// Detections scoring below this are dropped, in [0, 1].
    public var minDetectionConfidence: Float = 0.5
    /// IoU above which overlapping detections are merged (weighted NMS), in [0, 1].
    public var minSuppressionThreshold: Float = 0.3
    /// At most this many detections (highest score first); nil keeps all.
    public var maxResults: Int? = nil
    /// Find faces by their size in pixels (beyond MediaPipe): the detector over a pyramid of
    /// tiles, down to faces `minFaceSize` pixels wide (docs/pipeline.md §9.1).
    public var detectsSmallFaces: Bool = false
    /// With `detectsSmallFaces`: the smallest face to find, pixels of face width in the upright
    /// picture.
    public var minFaceSize: Int = 24
    public var engine: InterpreterOptions = .init()

    public init(minDetectionConfidence: Float = 0.5, minSuppressionThreshold: Float = 0.3,
                maxResults: Int? = nil, detectsSmallFaces: Bool = false, minFaceSize: Int = 24,
                engine: InterpreterOptions = .init()) {
        self.minDetectionConfidence = minDetectionConfidence
        self.minSuppressionThreshold = minSuppressionThreshold
        self.maxResults = maxResults
        self.detectsSmallFaces = detectsSmallFaces
        self.minFaceSize = minFaceSize
        self.engine = engine
    }
}

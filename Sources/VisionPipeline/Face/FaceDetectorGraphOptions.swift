import Inference

/// Options of `FaceDetectorGraph` (MediaPipe FaceDetector's options).
public struct FaceDetectorGraphOptions: Sendable {
    /// Detections scoring below this are dropped, in [0, 1].
    public var minDetectionConfidence: Float = 0.5
    /// IoU above which overlapping detections are merged (weighted NMS), in [0, 1].
    public var minSuppressionThreshold: Float = 0.3
    /// At most this many detections (highest score first); nil keeps all.
    public var maxResults: Int? = nil
    public var engine: InterpreterOptions = .init()

    public init(minDetectionConfidence: Float = 0.5, minSuppressionThreshold: Float = 0.3,
                maxResults: Int? = nil, engine: InterpreterOptions = .init()) {
        self.minDetectionConfidence = minDetectionConfidence
        self.minSuppressionThreshold = minSuppressionThreshold
        self.maxResults = maxResults
        self.engine = engine
    }
}

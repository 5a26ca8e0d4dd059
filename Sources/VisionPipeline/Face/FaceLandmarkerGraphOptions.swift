import Inference

/// Options of `FaceLandmarkerGraph` (MediaPipe FaceLandmarker's options plus our extensions).
public struct FaceLandmarkerGraphOptions: Sendable {
    /// Most faces to find, at least 1.
    public var numFaces: Int = 1
    /// Face-detector score threshold, in [0, 1].
    public var minFaceDetectionConfidence: Float = 0.5
    /// Face-presence threshold of the landmark model, in [0, 1] (a face is kept when its presence
    /// is greater than this).
    public var minFacePresenceConfidence: Float = 0.5
    /// IoU threshold for associating tracked faces with new detections (streaming), in [0, 1].
    public var minTrackingConfidence: Float = 0.5
    /// Run the blendshapes model and report 52 scores per face.
    public var outputBlendshapes: Bool = false
    /// Report the facial transformation matrix per face.
    public var outputTransformationMatrixes: Bool = false
    /// VIDEO or LIVE_STREAM: track faces from frame to frame and smooth landmarks.
    public var isStreaming: Bool = false
    /// How landmarks are smoothed while streaming.
    public var smoothing: LandmarkSmoothing = .mediaPipe
    /// Find faces by their size in pixels (beyond MediaPipe): the short-range detector over a
    /// pyramid of tiles, down to faces `minFaceSize` pixels wide (docs/pipeline.md §9.1).
    public var detectsSmallFaces: Bool = false
    /// With `detectsSmallFaces`: the smallest face to find, in pixels of mesh width in the upright
    /// picture. Smaller is slower: the detector runs grow as `1 / minFaceSize²`.
    public var minFaceSize: Int = 24
    public var engine: InterpreterOptions = .init()

    public init(numFaces: Int = 1, minFaceDetectionConfidence: Float = 0.5,
                minFacePresenceConfidence: Float = 0.5, minTrackingConfidence: Float = 0.5,
                outputBlendshapes: Bool = false, outputTransformationMatrixes: Bool = false,
                isStreaming: Bool = false, smoothing: LandmarkSmoothing = .mediaPipe,
                detectsSmallFaces: Bool = false, minFaceSize: Int = 24,
                engine: InterpreterOptions = .init()) {
        self.numFaces = numFaces
        self.minFaceDetectionConfidence = minFaceDetectionConfidence
        self.minFacePresenceConfidence = minFacePresenceConfidence
        self.minTrackingConfidence = minTrackingConfidence
        self.outputBlendshapes = outputBlendshapes
        self.outputTransformationMatrixes = outputTransformationMatrixes
        self.isStreaming = isStreaming
        self.smoothing = smoothing
        self.detectsSmallFaces = detectsSmallFaces
        self.minFaceSize = minFaceSize
        self.engine = engine
    }
}

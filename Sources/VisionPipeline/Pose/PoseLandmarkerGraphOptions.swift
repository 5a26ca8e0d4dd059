import Inference

/// Options of ``PoseLandmarkerGraph``: MediaPipe's PoseLandmarker options (same names and defaults,
/// docs/pipeline.md §6.1) plus the graph's own extensions.
public struct PoseLandmarkerGraphOptions: Sendable {
    /// The most poses to return (≥ 1). Also the pose detector's output limit and, while streaming,
    /// the number of tracked poses at which the detector is skipped.
    public var numPoses: Int = 1
    /// The pose detector's score threshold in [0, 1] (a detection is kept if its score `≥` this).
    public var minPoseDetectionConfidence: Float = 0.5
    /// The landmark model's pose presence threshold in [0, 1] (a pose is kept if its presence
    /// probability is `>` this).
    public var minPosePresenceConfidence: Float = 0.5
    /// While streaming, the IoU in [0, 1] above which a detection replaces a tracked pose's region
    /// (MediaPipe's association threshold; not a landmark score).
    public var minTrackingConfidence: Float = 0.5
    /// Return each pose's segmentation mask at the input's size.
    public var outputSegmentationMasks = false
    /// VIDEO or LIVE_STREAM: track poses from frame to frame, skip the detector while `numPoses`
    /// poses are tracked, and smooth. `false` (IMAGE) treats every call on its own.
    public var isStreaming = false
    /// How landmarks are smoothed while streaming (``LandmarkSmoothing/mediaPipe`` smooths only
    /// when `numPoses == 1`, as MediaPipe; ``LandmarkSmoothing/allTracked`` smooths every tracked
    /// pose with its own filters).
    public var smoothing: LandmarkSmoothing = .mediaPipe
    /// The smoothing filters' settings (MediaPipe's constants by default).
    public var smoothingParameters: PoseSmoothingParameters = .mediaPipe
    /// Beyond MediaPipe, when `numPoses > 1`: after MediaPipe's own detection pass, search the
    /// picture again for people the detector missed (see ``PoseLandmarkerGraph``). The poses
    /// MediaPipe finds come first and are unchanged; extra poses follow. Ignored when
    /// `numPoses == 1`.
    public var findsEveryPerson = false
    /// How detections are mapped back from a rotated detector crop (see ``PoseDetectorRotation``).
    public var detectorRotation: PoseDetectorRotation = .mediaPipe
    /// The inference backend and threads.
    public var engine = InterpreterOptions()

    public init(numPoses: Int = 1, minPoseDetectionConfidence: Float = 0.5, minPosePresenceConfidence: Float = 0.5,
                minTrackingConfidence: Float = 0.5, outputSegmentationMasks: Bool = false, isStreaming: Bool = false,
                smoothing: LandmarkSmoothing = .mediaPipe, smoothingParameters: PoseSmoothingParameters = .mediaPipe,
                findsEveryPerson: Bool = false,
                detectorRotation: PoseDetectorRotation = .mediaPipe, engine: InterpreterOptions = InterpreterOptions()) {
        self.numPoses = numPoses
        self.minPoseDetectionConfidence = minPoseDetectionConfidence
        self.minPosePresenceConfidence = minPosePresenceConfidence
        self.minTrackingConfidence = minTrackingConfidence
        self.outputSegmentationMasks = outputSegmentationMasks
        self.isStreaming = isStreaming
        self.smoothing = smoothing
        self.smoothingParameters = smoothingParameters
        self.findsEveryPerson = findsEveryPerson
        self.detectorRotation = detectorRotation
        self.engine = engine
    }

    /// Whether the every-person search runs (``findsEveryPerson`` with `numPoses > 1`).
    var searchesEveryPerson: Bool { findsEveryPerson && numPoses > 1 }

    /// Throws ``PipelineError/invalidArgument(_:)`` naming the first bad option.
    func validate() throws(PipelineError) {
        guard numPoses > 0 else { throw .invalidArgument("numPoses must be > 0, got \(numPoses)") }
        let confidences: [(String, Float)] = [
            ("minPoseDetectionConfidence", minPoseDetectionConfidence),
            ("minPosePresenceConfidence", minPosePresenceConfidence),
            ("minTrackingConfidence", minTrackingConfidence),
        ]
        for (name, value) in confidences where !(value >= 0 && value <= 1) {
            throw .invalidArgument("\(name) must be in [0, 1], got \(value)")
        }
        guard engine.threadCount > 0 else { throw .invalidArgument("threadCount must be > 0, got \(engine.threadCount)") }
    }
}

import Foundation

/// Options of ``PoseLandmarker``: MediaPipe's names and defaults, plus VisionTasks extensions
/// whose defaults keep MediaPipe's behaviour. `copy()` returns an independent copy (the delegate
/// stays the same object, held weakly).
public final class PoseLandmarkerOptions: TaskOptions {
    /// How input arrives. Default ``RunningMode/image``.
    public var runningMode: RunningMode = .image
    /// Receives the results in ``RunningMode/liveStream`` mode (required there, forbidden in the
    /// other modes). Held **weakly**.
    public weak var poseLandmarkerLiveStreamDelegate: (any PoseLandmarkerLiveStreamDelegate)?
    /// The most poses to find. Default 1; values below 1 are rejected at creation.
    public var numPoses: Int = 1
    /// Pose-detector score threshold in [0, 1]. Default 0.5.
    public var minPoseDetectionConfidence: Float = 0.5
    /// Pose-presence threshold of the landmark model in [0, 1]. Default 0.5.
    public var minPosePresenceConfidence: Float = 0.5
    /// In video and live-stream modes, the IoU above which a tracked pose and a new detection are
    /// the same person. Default 0.5.
    public var minTrackingConfidence: Float = 0.5
    /// Whether results include one segmentation mask per pose. Default false. (MediaPipe's iOS
    /// layer ignores this flag and may return masks anyway; here it is honoured.)
    public var shouldOutputSegmentationMasks: Bool = false

    /// VisionTasks extension: with `numPoses` > 1, search the picture again for people the
    /// detector missed (MediaPipe often finds only some people of a group). The poses MediaPipe
    /// finds come first and are unchanged. Slower. Default false.
    public var findsEveryPerson: Bool = false
    /// VisionTasks extension: MediaPipe's pose detector looks for people in the wrong place when
    /// the input's orientation is `.left`, `.right` or `.down` (it finds nobody in some rotated
    /// pictures). True maps its detections back correctly, so rotated inputs give the poses of
    /// upright ones. Default false: MediaPipe's results, bug for bug. (Mirrored orientations,
    /// which MediaPipe refuses, are always handled correctly.)
    public var correctsRotatedInputs: Bool = false
    /// VisionTasks extension: how landmarks are smoothed in video and live-stream modes. Default
    /// ``LandmarkSmoothingMode/mediaPipe`` (only when `numPoses` == 1, as MediaPipe).
    public var landmarkSmoothing: LandmarkSmoothingMode = .mediaPipe

    override public init() {
        super.init()
    }

    override public func copy(with zone: NSZone? = nil) -> Any { copied() }

    /// A typed independent copy.
    func copied() -> PoseLandmarkerOptions {
        let copy = PoseLandmarkerOptions()
        copy.baseOptions = baseOptions.copied()
        copy.runningMode = runningMode
        copy.poseLandmarkerLiveStreamDelegate = poseLandmarkerLiveStreamDelegate
        copy.numPoses = numPoses
        copy.minPoseDetectionConfidence = minPoseDetectionConfidence
        copy.minPosePresenceConfidence = minPosePresenceConfidence
        copy.minTrackingConfidence = minTrackingConfidence
        copy.shouldOutputSegmentationMasks = shouldOutputSegmentationMasks
        copy.findsEveryPerson = findsEveryPerson
        copy.correctsRotatedInputs = correctsRotatedInputs
        copy.landmarkSmoothing = landmarkSmoothing
        return copy
    }
}

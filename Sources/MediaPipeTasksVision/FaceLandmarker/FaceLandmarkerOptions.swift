import Foundation

/// Options of ``FaceLandmarker``: MediaPipe's names and defaults, plus VisionTasks extensions
/// whose defaults keep MediaPipe's behaviour. `copy()` returns an independent copy (the delegate
/// stays the same object, held weakly).
public final class FaceLandmarkerOptions: TaskOptions {
    /// How input arrives. Default ``RunningMode/image``.
    public var runningMode: RunningMode = .image
    /// Receives the results in ``RunningMode/liveStream`` mode (required there, forbidden in the
    /// other modes). Held **weakly**: keep the object alive yourself.
    public weak var faceLandmarkerLiveStreamDelegate: (any FaceLandmarkerLiveStreamDelegate)?
    /// The most faces to find. Default 1; values below 1 are rejected at creation with
    /// invalidArgumentError (MediaPipe does not check).
    public var numFaces: Int = 1
    /// Face-detector score threshold in [0, 1]. Default 0.5.
    public var minFaceDetectionConfidence: Float = 0.5
    /// Face-presence threshold of the landmark model in [0, 1]; a face is kept when its presence
    /// is above it. Default 0.5.
    public var minFacePresenceConfidence: Float = 0.5
    /// In video and live-stream modes, the IoU above which a tracked face and a new detection
    /// are the same face. Default 0.5.
    public var minTrackingConfidence: Float = 0.5
    /// Whether results include the 52 blendshape scores per face. Default false.
    public var outputFaceBlendshapes: Bool = false
    /// Whether results include the 4×4 facial transformation matrix per face (MediaPipe's
    /// spelling). Default false.
    public var outputFacialTransformationMatrixes: Bool = false

    /// VisionTasks extension: find faces by their size in pixels, down to
    /// ``minFaceSizeInPixels``, in pictures of any size (crowds, 4K frames): the short-range
    /// detector runs over a pyramid of tiles (docs/pipeline.md §9.1). Slower, by the number of
    /// tiles. Default false: MediaPipe's detection exactly.
    public var detectsSmallFaces: Bool = false
    /// VisionTasks extension: with ``detectsSmallFaces``, the smallest face to find, in pixels of
    /// face width (the mesh's extent) in the upright picture. Larger is faster: the detector runs
    /// fall as `1 / size²`. Default 24; at least 8 (the task's creation fails below).
    public var minFaceSizeInPixels: Int = 24
    /// VisionTasks extension: how landmarks are smoothed in video and live-stream modes. Default
    /// ``LandmarkSmoothingMode/mediaPipe`` (only when `numFaces` == 1, as MediaPipe).
    public var landmarkSmoothing: LandmarkSmoothingMode = .mediaPipe

    override public init() {
        super.init()
    }

    override public func copy(with zone: NSZone? = nil) -> Any { copied() }

    /// A typed independent copy.
    func copied() -> FaceLandmarkerOptions {
        let copy = FaceLandmarkerOptions()
        copy.baseOptions = baseOptions.copied()
        copy.runningMode = runningMode
        copy.faceLandmarkerLiveStreamDelegate = faceLandmarkerLiveStreamDelegate
        copy.numFaces = numFaces
        copy.minFaceDetectionConfidence = minFaceDetectionConfidence
        copy.minFacePresenceConfidence = minFacePresenceConfidence
        copy.minTrackingConfidence = minTrackingConfidence
        copy.outputFaceBlendshapes = outputFaceBlendshapes
        copy.outputFacialTransformationMatrixes = outputFacialTransformationMatrixes
        copy.detectsSmallFaces = detectsSmallFaces
        copy.minFaceSizeInPixels = minFaceSizeInPixels
        copy.landmarkSmoothing = landmarkSmoothing
        return copy
    }
}

import Foundation

/// Options of ``FaceDetector``: MediaPipe's names and defaults. `copy()` returns an independent
/// copy (the delegate stays the same object, held weakly).
public final class FaceDetectorOptions: TaskOptions {
    /// How input arrives. Default ``RunningMode/image``.
    public var runningMode: RunningMode = .image
    /// Receives the results in ``RunningMode/liveStream`` mode (required there, forbidden in the
    /// other modes). Held **weakly**.
    public weak var faceDetectorLiveStreamDelegate: (any FaceDetectorLiveStreamDelegate)?
    /// Detections scoring below this are dropped, in [0, 1]. Default 0.5.
    public var minDetectionConfidence: Float = 0.5
    /// The IoU above which overlapping detections are merged (weighted non-maximum
    /// suppression), in [0, 1]. Default 0.3.
    public var minSuppressionThreshold: Float = 0.3
    /// VisionTasks extension: find faces by their size in pixels, down to
    /// ``minFaceSizeInPixels``, in pictures of any size: the model runs over a pyramid of tiles
    /// (docs/pipeline.md §9.1). Slower, by the number of tiles. Default false: MediaPipe's
    /// detection exactly.
    public var detectsSmallFaces: Bool = false
    /// VisionTasks extension: with ``detectsSmallFaces``, the smallest face to find, in pixels of
    /// face width in the upright picture. Default 24; at least 8 (the task's creation fails below).
    public var minFaceSizeInPixels: Int = 24

    override public init() {
        super.init()
    }

    override public func copy(with zone: NSZone? = nil) -> Any { copied() }

    /// A typed independent copy.
    func copied() -> FaceDetectorOptions {
        let copy = FaceDetectorOptions()
        copy.baseOptions = baseOptions.copied()
        copy.runningMode = runningMode
        copy.faceDetectorLiveStreamDelegate = faceDetectorLiveStreamDelegate
        copy.minDetectionConfidence = minDetectionConfidence
        copy.minSuppressionThreshold = minSuppressionThreshold
        copy.detectsSmallFaces = detectsSmallFaces
        copy.minFaceSizeInPixels = minFaceSizeInPixels
        return copy
    }
}

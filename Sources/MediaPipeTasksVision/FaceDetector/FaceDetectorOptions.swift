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
        return copy
    }
}

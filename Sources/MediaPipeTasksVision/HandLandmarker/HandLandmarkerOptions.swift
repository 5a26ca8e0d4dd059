import Foundation

/// Options of ``HandLandmarker``: MediaPipe's names and defaults. `copy()` returns an independent
/// copy (the delegate stays the same object, held weakly).
public final class HandLandmarkerOptions: TaskOptions {
    /// How input arrives. Default ``RunningMode/image``.
    public var runningMode: RunningMode = .image
    /// Receives the results in ``RunningMode/liveStream`` mode (required there, forbidden in the
    /// other modes). Held **weakly**.
    public weak var handLandmarkerLiveStreamDelegate: (any HandLandmarkerLiveStreamDelegate)?
    /// The most hands to find. Default 1; values below 1 are rejected at creation.
    public var numHands: Int = 1
    /// Palm-detector score threshold in [0, 1]. Default 0.5.
    public var minHandDetectionConfidence: Float = 0.5
    /// Hand-presence threshold of the landmark model in [0, 1]; in video and live-stream modes a
    /// tracked hand below it is lost. Default 0.5.
    public var minHandPresenceConfidence: Float = 0.5
    /// In video and live-stream modes, the IoU above which a new palm is taken for a hand already
    /// tracked. Default 0.5.
    public var minTrackingConfidence: Float = 0.5

    /// VisionTasks extension: with `numHands` > 1, search the picture again, tile by tile, for
    /// hands from ``minHandSizeInPixels`` that MediaPipe's single pass over the whole picture
    /// misses (small and distant hands in large pictures). The hands MediaPipe finds come first
    /// and are unchanged. Slower. Default false.
    public var findsEveryHand: Bool = false
    /// VisionTasks extension: with ``findsEveryHand``, the smallest hand to find, in pixels of the
    /// upright picture (the longer side of the hand's landmark bounds), at least 16; larger is
    /// faster. Default 32.
    public var minHandSizeInPixels: Int = 32

    override public init() {
        super.init()
    }

    override public func copy(with zone: NSZone? = nil) -> Any { copied() }

    /// A typed independent copy.
    func copied() -> HandLandmarkerOptions {
        let copy = HandLandmarkerOptions()
        copy.baseOptions = baseOptions.copied()
        copy.runningMode = runningMode
        copy.handLandmarkerLiveStreamDelegate = handLandmarkerLiveStreamDelegate
        copy.numHands = numHands
        copy.minHandDetectionConfidence = minHandDetectionConfidence
        copy.minHandPresenceConfidence = minHandPresenceConfidence
        copy.minTrackingConfidence = minTrackingConfidence
        copy.findsEveryHand = findsEveryHand
        copy.minHandSizeInPixels = minHandSizeInPixels
        return copy
    }
}

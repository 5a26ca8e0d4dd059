import Foundation

/// Receives ``HandLandmarker`` results in ``RunningMode/liveStream`` mode.
///
/// Called on the landmarker's private serial queue
/// (`com.mediapipe.tasks.vision.handLandmarker_<UUID>`), once per processed frame, in increasing
/// timestamp order; dropped frames get no call.
public protocol HandLandmarkerLiveStreamDelegate: NSObjectProtocol {
    /// On success `result` is set (its arrays are empty when no hand was found) and `error` is nil;
    /// on failure `result` is nil, `timestampInMilliseconds` is `Int.min` and `error` is set.
    func handLandmarker(_ handLandmarker: HandLandmarker,
                        didFinishDetection result: HandLandmarkerResult?,
                        timestampInMilliseconds: Int,
                        error: (any Error)?)
}

import Foundation

/// Receives ``PoseLandmarker`` results in ``RunningMode/liveStream`` mode.
///
/// Called on the landmarker's private serial queue
/// (`com.mediapipe.tasks.vision.poseLandmarker_<UUID>`), once per processed frame, in increasing
/// timestamp order; dropped frames get no call.
public protocol PoseLandmarkerLiveStreamDelegate: NSObjectProtocol {
    /// On success `result` is set (its arrays are empty when nobody was found) and `error` is nil;
    /// on failure `result` is nil, `timestampInMilliseconds` is `Int.min` and `error` is set.
    func poseLandmarker(_ poseLandmarker: PoseLandmarker,
                        didFinishDetection result: PoseLandmarkerResult?,
                        timestampInMilliseconds: Int,
                        error: (any Error)?)
}

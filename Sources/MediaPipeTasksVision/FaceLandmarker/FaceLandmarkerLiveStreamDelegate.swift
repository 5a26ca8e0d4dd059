import Foundation

/// Receives ``FaceLandmarker`` results in ``RunningMode/liveStream`` mode.
///
/// The method is called on the landmarker's private serial queue
/// (`com.mediapipe.tasks.vision.faceLandmarker_<UUID>`), never on the main thread, once per
/// processed frame and in increasing timestamp order. Frames dropped by the flow limiter (a newer
/// frame arrived while the landmarker was busy) get no call. Dispatch to the main queue yourself
/// to update UI.
public protocol FaceLandmarkerLiveStreamDelegate: NSObjectProtocol {
    /// On success `result` is set (its arrays are empty when no face was found),
    /// `timestampInMilliseconds` is the frame's and `error` is nil. On failure `result` is nil,
    /// `timestampInMilliseconds` is `Int.min` (as MediaPipe) and `error` says what went wrong.
    func faceLandmarker(_ faceLandmarker: FaceLandmarker,
                        didFinishDetection result: FaceLandmarkerResult?,
                        timestampInMilliseconds: Int,
                        error: (any Error)?)
}

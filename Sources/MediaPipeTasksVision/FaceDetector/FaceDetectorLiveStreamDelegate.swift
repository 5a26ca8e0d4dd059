import Foundation

/// Receives ``FaceDetector`` results in ``RunningMode/liveStream`` mode.
///
/// Called on the detector's private serial queue (`com.mediapipe.tasks.vision.faceDetector_<UUID>`),
/// once per processed frame, in increasing timestamp order; dropped frames get no call. The
/// method is optional, as in MediaPipe (an empty default implementation is provided).
public protocol FaceDetectorLiveStreamDelegate: NSObjectProtocol {
    /// On success `result` is set (its detections are empty when no face was found) and `error`
    /// is nil; on failure `result` is nil, `timestampInMilliseconds` is `Int.min` and `error` is
    /// set.
    func faceDetector(_ faceDetector: FaceDetector,
                      didFinishDetection result: FaceDetectorResult?,
                      timestampInMilliseconds: Int,
                      error: (any Error)?)
}

extension FaceDetectorLiveStreamDelegate {
    /// Does nothing (the method is optional in MediaPipe).
    public func faceDetector(_ faceDetector: FaceDetector,
                             didFinishDetection result: FaceDetectorResult?,
                             timestampInMilliseconds: Int,
                             error: (any Error)?) {}
}

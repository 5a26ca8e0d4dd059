import Dispatch
import Foundation
import MediaPipeTasksVision

/// One live-stream callback as a delegate saw it.
struct DelegateCall: Sendable {
    let timestamp: Int
    let hasResult: Bool
    let errorMessage: String?
    /// The label of the task queue the call ran on (nil when not on a task queue).
    let queueLabel: String?
    /// How many items the result held (faces, detections or poses).
    let itemCount: Int
}

/// Records every call; optionally blocks in the first one until `releaseFirstCall()` (a slow
/// delegate), bounded by a timeout so a failing test cannot hang.
class RecordingDelegate: NSObject {
    let calls = Locked<[DelegateCall]>([])
    var blocksFirstCall = false
    private let release = DispatchSemaphore(value: 0)

    func releaseFirstCall() { release.signal() }

    func record(timestamp: Int, hasResult: Bool, itemCount: Int, error: (any Error)?) {
        let count = calls.withValue {
            $0.append(DelegateCall(timestamp: timestamp, hasResult: hasResult, errorMessage: error?.localizedDescription,
                                   queueLabel: DispatchQueue.getSpecific(key: VisionTaskQueueKey.key), itemCount: itemCount))
            return $0.count
        }
        if blocksFirstCall && count == 1 { _ = release.wait(timeout: .now() + 30) }
    }
}

final class RecordingFaceLandmarkerDelegate: RecordingDelegate, FaceLandmarkerLiveStreamDelegate {
    func faceLandmarker(_ faceLandmarker: FaceLandmarker, didFinishDetection result: FaceLandmarkerResult?,
                        timestampInMilliseconds: Int, error: (any Error)?) {
        record(timestamp: timestampInMilliseconds, hasResult: result != nil, itemCount: result?.faceLandmarks.count ?? 0, error: error)
    }
}

final class RecordingFaceDetectorDelegate: RecordingDelegate, FaceDetectorLiveStreamDelegate {
    func faceDetector(_ faceDetector: FaceDetector, didFinishDetection result: FaceDetectorResult?,
                      timestampInMilliseconds: Int, error: (any Error)?) {
        record(timestamp: timestampInMilliseconds, hasResult: result != nil, itemCount: result?.detections.count ?? 0, error: error)
    }
}

final class RecordingPoseLandmarkerDelegate: RecordingDelegate, PoseLandmarkerLiveStreamDelegate {
    func poseLandmarker(_ poseLandmarker: PoseLandmarker, didFinishDetection result: PoseLandmarkerResult?,
                        timestampInMilliseconds: Int, error: (any Error)?) {
        record(timestamp: timestampInMilliseconds, hasResult: result != nil, itemCount: result?.landmarks.count ?? 0, error: error)
    }
}

final class RecordingHandLandmarkerDelegate: RecordingDelegate, HandLandmarkerLiveStreamDelegate {
    func handLandmarker(_ handLandmarker: HandLandmarker, didFinishDetection result: HandLandmarkerResult?,
                        timestampInMilliseconds: Int, error: (any Error)?) {
        record(timestamp: timestampInMilliseconds, hasResult: result != nil, itemCount: result?.landmarks.count ?? 0, error: error)
    }
}

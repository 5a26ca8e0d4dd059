import Foundation
import MediaPipeTasksVision
import Testing
import TestSupport

/// Live-stream delivery through the public API with real models: a slow delegate, many frames,
/// at most one in flight, dropped frames get no callback, callbacks on the task's queue in
/// increasing timestamp order.
@Suite struct LiveStreamTaskTests {
    @Test func faceLandmarkerWithSlowDelegate() throws {
        let delegate = RecordingFaceLandmarkerDelegate()
        delegate.blocksFirstCall = true
        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = TaskModels.faceLandmarker
        options.runningMode = .liveStream
        options.faceLandmarkerLiveStreamDelegate = delegate
        let landmarker = try FaceLandmarker(options: options)
        let image = try TaskModels.astronaut()

        try landmarker.detectAsync(image: image, timestampInMilliseconds: 0)
        #expect(waitUntil { delegate.calls.current.count == 1 }, "frame 0 arrives; its delegate call now blocks")
        let frames = 12
        for index in 1..<frames {
            try landmarker.detectAsync(image: image, timestampInMilliseconds: index * 40)
        }
        delegate.releaseFirstCall()
        #expect(waitUntil {
            let counters = landmarker.liveStreamCounters
            return counters.delivered + counters.dropped == frames
        })

        let calls = delegate.calls.current
        #expect(calls.map(\.timestamp) == [0, (frames - 1) * 40], "the first frame and the newest; the others were replaced")
        #expect(calls.allSatisfy { $0.hasResult && $0.errorMessage == nil && $0.itemCount == 1 })
        #expect(calls.allSatisfy { $0.queueLabel == landmarker.callbackQueue.label })
        #expect(landmarker.callbackQueue.label.hasPrefix("com.mediapipe.tasks.vision.faceLandmarker_"))
        #expect(landmarker.liveStreamCounters.dropped == frames - 2)
    }

    @Test func poseLandmarkerStreamDeliversInOrder() throws {
        let delegate = RecordingPoseLandmarkerDelegate()
        let options = PoseLandmarkerOptions()
        options.baseOptions.modelAssetPath = TaskModels.poseLandmarker
        options.runningMode = .liveStream
        options.poseLandmarkerLiveStreamDelegate = delegate
        let landmarker = try PoseLandmarker(options: options)
        let image = try TaskModels.astronaut()
        let frames = 8
        for index in 0..<frames {
            try landmarker.detectAsync(image: image, timestampInMilliseconds: 1000 + index * 33)
        }
        #expect(waitUntil {
            let counters = landmarker.liveStreamCounters
            return counters.delivered + counters.dropped == frames
        })
        let calls = delegate.calls.current
        #expect(calls.first?.timestamp == 1000 && calls.last?.timestamp == 1000 + (frames - 1) * 33)
        #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        #expect(calls.allSatisfy { $0.itemCount == 1 && $0.queueLabel == landmarker.callbackQueue.label })
        #expect(landmarker.callbackQueue.label.hasPrefix("com.mediapipe.tasks.vision.poseLandmarker_"))
    }

    @Test func noCallbackAfterTheDelegateIsReleased() throws {
        var delegate: RecordingFaceDetectorDelegate? = RecordingFaceDetectorDelegate()
        let options = FaceDetectorOptions()
        options.baseOptions.modelAssetPath = TaskModels.shortRangeDetector
        options.runningMode = .liveStream
        options.faceDetectorLiveStreamDelegate = delegate
        let detector = try FaceDetector(options: options)
        let image = try TaskModels.astronaut()
        try detector.detectAsync(image: image, timestampInMilliseconds: 1)
        #expect(waitUntil { detector.liveStreamCounters.delivered == 1 }, "the callback has returned")
        #expect(delegate?.calls.current.count == 1 && delegate?.calls.current.first?.itemCount == 1)
        weak let observer = delegate
        delegate = nil
        #expect(observer == nil, "the task holds its delegate weakly")
        try detector.detectAsync(image: image, timestampInMilliseconds: 2)  // delivered to nobody, no crash
        #expect(waitUntil { detector.liveStreamCounters.delivered == 2 })
    }

    @Test func faceDetectorDelegateMethodIsOptional() throws {
        let delegate = SilentFaceDetectorDelegate()  // implements nothing, as MediaPipe allows
        let options = FaceDetectorOptions()
        options.baseOptions.modelAssetPath = TaskModels.shortRangeDetector
        options.runningMode = .liveStream
        options.faceDetectorLiveStreamDelegate = delegate
        let detector = try FaceDetector(options: options)
        try detector.detectAsync(image: try TaskModels.astronaut(), timestampInMilliseconds: 0)
        #expect(waitUntil { detector.liveStreamCounters.delivered == 1 })
        withExtendedLifetime(delegate) {}
    }
}

/// A face-detector delegate that does not implement the (optional) callback.
final class SilentFaceDetectorDelegate: NSObject, FaceDetectorLiveStreamDelegate {}

import Dispatch
import Foundation
import MediaPipeTasksVision
import Testing
import TestSupport
import VisionPipeline

/// The running-mode machinery on a stand-in graph: MediaPipe's mode and timestamp rules, exact
/// messages, synthetic timestamps and error mapping. (The tasks use this runner; the task-level
/// tests check the same rules through the public API with real models.)
@Suite struct VisionTaskRunnerTests {
    /// A runner whose "graph" records the timestamps it is given and returns them.
    private func makeRunner(_ mode: RunningMode, seen: Locked<[Int]> = Locked([])) -> VisionTaskRunner<Int> {
        VisionTaskRunner<Int>(taskName: "faceLandmarker", runningMode: mode, process: { _, timestamp in
            seen.withValue { $0.append(timestamp) }
            return timestamp
        })
    }

    @Test func delegateRulesUseMediaPipesMessages() {
        let missing = ThrownTaskError.from { try VisionTaskRunner<Int>.validate(runningMode: .liveStream, hasLiveStreamDelegate: false) }
        #expect(missing?.matches(.invalidArgumentError,
                                 "The vision task is in live stream mode. An object must be set as the delegate of the task "
                                     + "in its options to ensure asynchronous delivery of results.") == true)
        for mode in [RunningMode.image, .video] {
            let extra = ThrownTaskError.from { try VisionTaskRunner<Int>.validate(runningMode: mode, hasLiveStreamDelegate: true) }
            #expect(extra?.matches(.invalidArgumentError,
                                   "The vision task is in image or video mode. The delegate must not be set in the task's options.") == true)
            #expect(ThrownTaskError.from { try VisionTaskRunner<Int>.validate(runningMode: mode, hasLiveStreamDelegate: false) } == nil)
        }
        #expect(ThrownTaskError.from { try VisionTaskRunner<Int>.validate(runningMode: .liveStream, hasLiveStreamDelegate: true) } == nil)
    }

    @Test func everyWrongModeCallNamesBothModes() throws {
        let image = try TestImages.pipelineImage()
        let calls: [(RunningMode, String, (VisionTaskRunner<Int>) throws -> Void)] = [
            (.image, "image", { _ = try $0.processImage(image) }),
            (.video, "video", { _ = try $0.processVideoFrame(image, timestampInMilliseconds: 0) }),
            (.liveStream, "live stream", { try $0.submit(image, timestampInMilliseconds: 0) { _, _ in } }),
        ]
        for taskMode in RunningMode.allCases {
            let runner = makeRunner(taskMode)
            for (callMode, name, call) in calls where callMode != taskMode {
                let error = ThrownTaskError.from { try call(runner) }
                #expect(error?.matches(.invalidArgumentError,
                                       "The vision task is not initialized with \(name) mode. Current Running Mode: \(taskMode.displayName)") == true,
                        "task \(taskMode), call \(callMode): \(String(describing: error))")
            }
        }
        #expect(RunningMode.allCases.map(\.displayName) == ["Image", "Video", "Live Stream"])
    }

    @Test func imageModeUsesSyntheticTimestamps() throws {
        let seen = Locked<[Int]>([])
        let runner = makeRunner(.image, seen: seen)
        let image = try TestImages.pipelineImage()
        let stamps = try (0..<4).map { _ in try runner.processImage(image).timestamp }
        #expect(stamps == [0, 1000, 2000, 3000])
        #expect(seen.current == [0, 1000, 2000, 3000])
    }

    @Test func videoTimestampsMustIncreaseStrictly() throws {
        let seen = Locked<[Int]>([])
        let runner = makeRunner(.video, seen: seen)
        let image = try TestImages.pipelineImage()
        let message = "INVALID_ARGUMENT: Input timestamp must be monotonically increasing."
        #expect(try runner.processVideoFrame(image, timestampInMilliseconds: -5) == -5)  // any first value
        #expect(try runner.processVideoFrame(image, timestampInMilliseconds: 33) == 33)
        let equal = ThrownTaskError.from { _ = try runner.processVideoFrame(image, timestampInMilliseconds: 33) }
        #expect(equal?.matches(.invalidArgumentError, message) == true)
        let earlier = ThrownTaskError.from { _ = try runner.processVideoFrame(image, timestampInMilliseconds: 10) }
        #expect(earlier?.matches(.invalidArgumentError, message) == true)
        #expect(try runner.processVideoFrame(image, timestampInMilliseconds: 34) == 34)
        #expect(seen.current == [-5, 33, 34], "rejected frames never reach the graph")
    }

    @Test func liveStreamTimestampsMustIncreaseStrictly() throws {
        let runner = makeRunner(.liveStream)
        let image = try TestImages.pipelineImage()
        try runner.submit(image, timestampInMilliseconds: 100) { _, _ in }
        let equal = ThrownTaskError.from { try runner.submit(image, timestampInMilliseconds: 100) { _, _ in } }
        #expect(equal?.matches(.invalidArgumentError, "INVALID_ARGUMENT: Input timestamp must be monotonically increasing.") == true)
        let earlier = ThrownTaskError.from { try runner.submit(image, timestampInMilliseconds: 99) { _, _ in } }
        #expect(earlier?.code == 3)
        #expect(waitUntil { runner.liveStreamCounters.delivered == 1 })
        #expect(runner.liveStreamCounters.submitted == 1)
    }

    @Test func resetLetsTimestampsStartAgain() throws {
        let resets = Locked(0)
        let runner = VisionTaskRunner<Int>(taskName: "poseLandmarker", runningMode: .video,
                                           process: { _, timestamp in timestamp },
                                           reset: { resets.withValue { $0 += 1 } })
        let image = try TestImages.pipelineImage()
        _ = try runner.processVideoFrame(image, timestampInMilliseconds: 500)
        #expect(ThrownTaskError.from { _ = try runner.processVideoFrame(image, timestampInMilliseconds: 0) } != nil)
        runner.reset()
        #expect(resets.current == 1)
        #expect(try runner.processVideoFrame(image, timestampInMilliseconds: 0) == 0)
    }

    @Test func graphErrorsBecomeMediaPipeErrors() throws {
        let cases: [(PipelineError, TasksErrorCode, String)] = [
            (.modelNotFound(path: "/no/such.task"), .notFoundError, "NOT_FOUND: Unable to open file at /no/such.task"),
            (.invalidArgument("numFaces must be > 0"), .invalidArgumentError, "INVALID_ARGUMENT: numFaces must be > 0"),
            (.inference("kernel failed"), .internalError, "INTERNAL: kernel failed"),
        ]
        let image = try TestImages.pipelineImage()
        for (pipelineError, code, message) in cases {
            let runner = VisionTaskRunner<Int>(taskName: "faceDetector", runningMode: .image,
                                               process: { _, _ throws(PipelineError) in throw pipelineError })
            let error = ThrownTaskError.from { _ = try runner.processImage(image) }
            #expect(error?.matches(code, message) == true, "\(String(describing: error))")
        }
        let invalidModel = VisionTaskRunner<Int>(taskName: "faceDetector", runningMode: .image, process: { _, _ throws(PipelineError) in
            throw .invalidModel(path: "/m.task", detail: "no face_detector.tflite")
        })
        let error = ThrownTaskError.from { _ = try invalidModel.processImage(image) }
        #expect(error?.code == 3 && error?.message.hasPrefix("INVALID_ARGUMENT: ") == true
            && error?.message.contains("face_detector.tflite") == true)
    }

    @Test func queueIsNamedLikeMediaPipes() {
        for name in ["faceLandmarker", "faceDetector", "poseLandmarker"] {
            let label = VisionTaskRunner<Int>(taskName: name, runningMode: .liveStream, process: { _, t in t }).callbackQueue.label
            let prefix = "com.mediapipe.tasks.vision.\(name)_"
            #expect(label.hasPrefix(prefix))
            #expect(UUID(uuidString: String(label.dropFirst(prefix.count))) != nil)
        }
    }
}

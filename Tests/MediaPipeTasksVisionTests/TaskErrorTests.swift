import Foundation
import MediaPipeTasksVision
import Testing
import TestSupport

/// Every error rule of MediaPipe's iOS tasks (codes, messages: `TasksError`) through the public API of the three tasks, with real
/// models: MediaPipe's domain, codes and exact messages.
@Suite struct TaskErrorTests {
    private static let liveStreamWithoutDelegate =
        "The vision task is in live stream mode. An object must be set as the delegate of the task in its options "
        + "to ensure asynchronous delivery of results."
    private static let delegateOutsideLiveStream =
        "The vision task is in image or video mode. The delegate must not be set in the task's options."
    private static let emptyPath =
        "INVALID_ARGUMENT: ExternalFile must specify at least one of 'file_content', 'file_name', "
        + "'file_pointer_meta' or 'file_descriptor_meta'."
    private static let notIncreasing = "INVALID_ARGUMENT: Input timestamp must be monotonically increasing."

    private static func wrongMode(_ call: String, _ mode: String) -> String {
        "The vision task is not initialized with \(call) mode. Current Running Mode: \(mode)"
    }

    // MARK: Creation

    @Test func delegateMustMatchTheRunningMode() {
        let faceDelegate = RecordingFaceLandmarkerDelegate()
        let detectorDelegate = RecordingFaceDetectorDelegate()
        let poseDelegate = RecordingPoseLandmarkerDelegate()
        for mode in RunningMode.allCases {
            let withDelegate = mode != .liveStream
            let expected = mode == .liveStream ? Self.liveStreamWithoutDelegate : Self.delegateOutsideLiveStream
            // The rule is checked before the model is loaded: a bad path does not change the error.
            let face = FaceLandmarkerOptions()
            face.runningMode = mode
            face.faceLandmarkerLiveStreamDelegate = withDelegate ? faceDelegate : nil
            #expect(ThrownTaskError.from { _ = try FaceLandmarker(options: face) }?.matches(.invalidArgumentError, expected) == true)
            let detector = FaceDetectorOptions()
            detector.runningMode = mode
            detector.faceDetectorLiveStreamDelegate = withDelegate ? detectorDelegate : nil
            #expect(ThrownTaskError.from { _ = try FaceDetector(options: detector) }?.matches(.invalidArgumentError, expected) == true)
            let pose = PoseLandmarkerOptions()
            pose.runningMode = mode
            pose.poseLandmarkerLiveStreamDelegate = withDelegate ? poseDelegate : nil
            #expect(ThrownTaskError.from { _ = try PoseLandmarker(options: pose) }?.matches(.invalidArgumentError, expected) == true)
        }
    }

    @Test func releasedDelegateCountsAsMissing() {
        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = TaskModels.faceLandmarker
        options.runningMode = .liveStream
        var delegate: RecordingFaceLandmarkerDelegate? = RecordingFaceLandmarkerDelegate()
        options.faceLandmarkerLiveStreamDelegate = delegate
        delegate = nil  // the options hold it weakly: gone
        #expect(ThrownTaskError.from { _ = try FaceLandmarker(options: options) }?
            .matches(.invalidArgumentError, Self.liveStreamWithoutDelegate) == true)
    }

    @Test func emptyModelPath() {
        #expect(ThrownTaskError.from { _ = try FaceLandmarker(modelPath: "") }?.matches(.invalidArgumentError, Self.emptyPath) == true)
        #expect(ThrownTaskError.from { _ = try FaceDetector(modelPath: "") }?.matches(.invalidArgumentError, Self.emptyPath) == true)
        #expect(ThrownTaskError.from { _ = try PoseLandmarker(modelPath: "") }?.matches(.invalidArgumentError, Self.emptyPath) == true)
    }

    @Test func missingModelIsNotFound() {
        let path = "/nonexistent/model.task"
        let message = "NOT_FOUND: Unable to open file at \(path)"
        #expect(ThrownTaskError.from { _ = try FaceLandmarker(modelPath: path) }?.matches(.notFoundError, message) == true)
        #expect(ThrownTaskError.from { _ = try FaceDetector(modelPath: path) }?.matches(.notFoundError, message) == true)
        #expect(ThrownTaskError.from { _ = try PoseLandmarker(modelPath: path) }?.matches(.notFoundError, message) == true)
    }

    @Test func wrongBundleNamesTheMissingModel() {
        let poseToFace = ThrownTaskError.from { _ = try FaceLandmarker(modelPath: TaskModels.poseLandmarker) }
        #expect(poseToFace?.matches(.notFoundError,
                                    "NOT_FOUND: No model file with name: face_detector.tflite. All model files in the model "
                                        + "asset bundle are: pose_detector.tflite, pose_landmarks_detector.tflite.") == true,
                "\(String(describing: poseToFace))")
        let faceToPose = ThrownTaskError.from { _ = try PoseLandmarker(modelPath: TaskModels.faceLandmarker) }
        #expect(faceToPose?.code == 5 && faceToPose?.message.hasPrefix("NOT_FOUND: No model file with name: pose_detector.tflite.") == true)
        let poseToDetector = ThrownTaskError.from { _ = try FaceDetector(modelPath: TaskModels.poseLandmarker) }
        #expect(poseToDetector?.code == 5)
        // A single .tflite that is not a bundle at all: INVALID_ARGUMENT from the graph.
        let tfliteToFace = ThrownTaskError.from { _ = try FaceLandmarker(modelPath: TaskModels.shortRangeDetector) }
        #expect(tfliteToFace?.code == 3 && tfliteToFace?.message.hasPrefix("INVALID_ARGUMENT: ") == true)
    }

    @Test func notAModelFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mpapi-\(UUID().uuidString).task").path
        try Data("not a model".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = ThrownTaskError.from { _ = try FaceDetector(modelPath: path) }
        #expect(error?.code == 3 && error?.domain == "com.google.mediapipe.tasks")
    }

    @Test func badOptionValuesAreRejected() {
        let face = FaceLandmarkerOptions()
        face.baseOptions.modelAssetPath = TaskModels.faceLandmarker
        face.numFaces = 0
        #expect(ThrownTaskError.from { _ = try FaceLandmarker(options: face) }?.code == 3)
        let pose = PoseLandmarkerOptions()
        pose.baseOptions.modelAssetPath = TaskModels.poseLandmarker
        pose.minPoseDetectionConfidence = 1.5
        #expect(ThrownTaskError.from { _ = try PoseLandmarker(options: pose) }?.code == 3)
        let detector = FaceDetectorOptions()
        detector.baseOptions.modelAssetPath = TaskModels.shortRangeDetector
        detector.minSuppressionThreshold = -1
        #expect(ThrownTaskError.from { _ = try FaceDetector(options: detector) }?.code == 3)
    }

    // MARK: Calls

    @Test func wrongDetectCallForTheMode() throws {
        let image = try TaskModels.astronaut()
        let delegate = RecordingFaceDetectorDelegate()
        for mode in RunningMode.allCases {
            let options = FaceDetectorOptions()
            options.baseOptions.modelAssetPath = TaskModels.shortRangeDetector
            options.runningMode = mode
            if mode == .liveStream { options.faceDetectorLiveStreamDelegate = delegate }
            let detector = try FaceDetector(options: options)
            if mode != .image {
                #expect(ThrownTaskError.from { _ = try detector.detect(image: image) }?
                    .matches(.invalidArgumentError, Self.wrongMode("image", mode.displayName)) == true)
            }
            if mode != .video {
                #expect(ThrownTaskError.from { _ = try detector.detect(videoFrame: image, timestampInMilliseconds: 0) }?
                    .matches(.invalidArgumentError, Self.wrongMode("video", mode.displayName)) == true)
            }
            if mode != .liveStream {
                #expect(ThrownTaskError.from { try detector.detectAsync(image: image, timestampInMilliseconds: 0) }?
                    .matches(.invalidArgumentError, Self.wrongMode("live stream", mode.displayName)) == true)
            }
        }
    }

    @Test func landmarkersRejectTheWrongCallToo() throws {
        let image = try TaskModels.astronaut()
        let faceOptions = FaceLandmarkerOptions()
        faceOptions.baseOptions.modelAssetPath = TaskModels.faceLandmarker
        faceOptions.runningMode = .video
        let face = try FaceLandmarker(options: faceOptions)
        #expect(ThrownTaskError.from { _ = try face.detect(image: image) }?
            .matches(.invalidArgumentError, Self.wrongMode("image", "Video")) == true)
        let pose = try PoseLandmarker(modelPath: TaskModels.poseLandmarker)
        #expect(ThrownTaskError.from { try pose.detectAsync(image: image, timestampInMilliseconds: 1) }?
            .matches(.invalidArgumentError, Self.wrongMode("live stream", "Image")) == true)
    }

    @Test func videoTimestampsMustIncreaseStrictly() throws {
        let image = try TaskModels.astronaut()
        let options = FaceDetectorOptions()
        options.baseOptions.modelAssetPath = TaskModels.shortRangeDetector
        options.runningMode = .video
        let detector = try FaceDetector(options: options)
        #expect(try detector.detect(videoFrame: image, timestampInMilliseconds: 100).timestampInMilliseconds == 100)
        #expect(ThrownTaskError.from { _ = try detector.detect(videoFrame: image, timestampInMilliseconds: 100) }?
            .matches(.invalidArgumentError, Self.notIncreasing) == true, "an equal timestamp fails")
        #expect(ThrownTaskError.from { _ = try detector.detect(videoFrame: image, timestampInMilliseconds: 50) }?
            .matches(.invalidArgumentError, Self.notIncreasing) == true)
        #expect(try detector.detect(videoFrame: image, timestampInMilliseconds: 101).detections.count == 1)
        detector.reset()
        #expect(try detector.detect(videoFrame: image, timestampInMilliseconds: 0).timestampInMilliseconds == 0,
                "reset() starts a new video")
    }

    @Test func liveStreamTimestampsMustIncreaseStrictly() throws {
        let image = try TaskModels.astronaut()
        let delegate = RecordingFaceDetectorDelegate()
        let options = FaceDetectorOptions()
        options.baseOptions.modelAssetPath = TaskModels.shortRangeDetector
        options.runningMode = .liveStream
        options.faceDetectorLiveStreamDelegate = delegate
        let detector = try FaceDetector(options: options)
        try detector.detectAsync(image: image, timestampInMilliseconds: 5)
        #expect(ThrownTaskError.from { try detector.detectAsync(image: image, timestampInMilliseconds: 5) }?
            .matches(.invalidArgumentError, Self.notIncreasing) == true)
        #expect(waitUntil { delegate.calls.current.count == 1 })
    }
}

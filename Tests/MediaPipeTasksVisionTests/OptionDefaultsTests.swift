import Foundation
import MediaPipeTasksVision
import Testing

/// MediaPipe's option names and defaults, copy semantics and the weak delegates.
@Suite struct OptionDefaultsTests {
    @Test func baseOptionsDefaultsAndCopy() throws {
        let options = BaseOptions()
        #expect(options.modelAssetPath == "")
        #expect(options.delegate == .CPU)
        #if XNNPACK
        #expect(options.inferenceBackend == .xnnpack)
        #else
        #expect(options.inferenceBackend == .builtIn)
        #endif
        // The processors this process may use, at most 4.
        #expect(options.threadCount == min(max(1, ProcessInfo.processInfo.activeProcessorCount), 4))
        options.modelAssetPath = "/a.task"
        options.delegate = .GPU
        let copy = try #require(options.copy() as? BaseOptions)
        options.modelAssetPath = "/b.task"
        #expect(copy.modelAssetPath == "/a.task" && copy.delegate == .GPU)
        #expect(Delegate.CPU.rawValue == 0 && Delegate.GPU.rawValue == 1)
    }

    @Test func taskOptionsOwnTheirBaseOptions() throws {
        let first = FaceLandmarkerOptions(), second = FaceLandmarkerOptions()
        first.baseOptions.modelAssetPath = "x"
        #expect(second.baseOptions.modelAssetPath == "", "each options object has its own BaseOptions")
        let copy = try #require(first.copy() as? FaceLandmarkerOptions)
        first.baseOptions.modelAssetPath = "y"
        #expect(copy.baseOptions.modelAssetPath == "x", "copy() copies baseOptions too")
        #expect(copy.baseOptions !== first.baseOptions)
    }

    @Test func faceLandmarkerOptionsDefaults() throws {
        let options = FaceLandmarkerOptions()
        #expect(options.runningMode == .image)
        #expect(options.faceLandmarkerLiveStreamDelegate == nil)
        #expect(options.numFaces == 1)
        #expect(options.minFaceDetectionConfidence == 0.5)
        #expect(options.minFacePresenceConfidence == 0.5)
        #expect(options.minTrackingConfidence == 0.5)
        #expect(options.outputFaceBlendshapes == false)
        #expect(options.outputFacialTransformationMatrixes == false)
        #expect(options.detectsSmallFaces == false)
        #expect(options.minFaceSizeInPixels == 24)
        #expect(options.landmarkSmoothing == .mediaPipe)

        options.numFaces = 3
        options.outputFaceBlendshapes = true
        options.landmarkSmoothing = .allTracked
        options.runningMode = .video
        let copy = try #require(options.copy() as? FaceLandmarkerOptions)
        options.numFaces = 1
        #expect(copy.numFaces == 3 && copy.outputFaceBlendshapes && copy.landmarkSmoothing == .allTracked && copy.runningMode == .video)
    }

    @Test func faceDetectorOptionsDefaults() throws {
        let options = FaceDetectorOptions()
        #expect(options.runningMode == .image)
        #expect(options.faceDetectorLiveStreamDelegate == nil)
        #expect(options.minDetectionConfidence == 0.5)
        #expect(options.minSuppressionThreshold == 0.3)
        options.minSuppressionThreshold = 0.6
        let copy = try #require(options.copy() as? FaceDetectorOptions)
        #expect(copy.minSuppressionThreshold == 0.6)
    }

    @Test func poseLandmarkerOptionsDefaults() throws {
        let options = PoseLandmarkerOptions()
        #expect(options.runningMode == .image)
        #expect(options.poseLandmarkerLiveStreamDelegate == nil)
        #expect(options.numPoses == 1)
        #expect(options.minPoseDetectionConfidence == 0.5)
        #expect(options.minPosePresenceConfidence == 0.5)
        #expect(options.minTrackingConfidence == 0.5)
        #expect(options.shouldOutputSegmentationMasks == false)
        #expect(options.findsEveryPerson == false)
        #expect(options.correctsRotatedInputs == false)
        #expect(options.landmarkSmoothing == .mediaPipe)
        options.shouldOutputSegmentationMasks = true
        options.findsEveryPerson = true
        let copy = try #require(options.copy() as? PoseLandmarkerOptions)
        #expect(copy.shouldOutputSegmentationMasks && copy.findsEveryPerson)
    }

    @Test func delegatesAreHeldWeakly() throws {
        let options = FaceLandmarkerOptions()
        var delegate: RecordingFaceLandmarkerDelegate? = RecordingFaceLandmarkerDelegate()
        weak let observer = delegate
        options.faceLandmarkerLiveStreamDelegate = delegate
        let copy = try #require(options.copy() as? FaceLandmarkerOptions)
        #expect(copy.faceLandmarkerLiveStreamDelegate === delegate, "the copy shares the delegate")
        delegate = nil
        #expect(observer == nil, "options do not keep the delegate alive")
        #expect(options.faceLandmarkerLiveStreamDelegate == nil && copy.faceLandmarkerLiveStreamDelegate == nil)

        let poseOptions = PoseLandmarkerOptions()
        var poseDelegate: RecordingPoseLandmarkerDelegate? = RecordingPoseLandmarkerDelegate()
        poseOptions.poseLandmarkerLiveStreamDelegate = poseDelegate
        #expect(poseOptions.poseLandmarkerLiveStreamDelegate != nil)
        poseDelegate = nil
        #expect(poseOptions.poseLandmarkerLiveStreamDelegate == nil)

        let detectorOptions = FaceDetectorOptions()
        var detectorDelegate: RecordingFaceDetectorDelegate? = RecordingFaceDetectorDelegate()
        detectorOptions.faceDetectorLiveStreamDelegate = detectorDelegate
        #expect(detectorOptions.faceDetectorLiveStreamDelegate != nil)
        detectorDelegate = nil
        #expect(detectorOptions.faceDetectorLiveStreamDelegate == nil)
    }

    @Test func errorCodesKeepMediaPipesRawValues() {
        #expect(TasksErrorCode.cancelledError.rawValue == 1)
        #expect(TasksErrorCode.invalidArgumentError.rawValue == 3)
        #expect(TasksErrorCode.notFoundError.rawValue == 5)
        #expect(TasksErrorCode.internalError.rawValue == 13)
        #expect(TasksErrorCode.audioRecordNotTappingMicError.rawValue == 20)
        #expect(TasksErrorCode.first == .cancelledError && TasksErrorCode.last == .audioRecordNotTappingMicError)
        #expect(TasksErrorCode.allCases.map(\.rawValue) == Array(1...20))
        #expect(TasksErrorCode.errorDomain == "com.google.mediapipe.tasks")
        #expect(RunningMode.image.rawValue == 0 && RunningMode.video.rawValue == 1 && RunningMode.liveStream.rawValue == 2)
        #expect(MaskDataType.uInt8.rawValue == 0 && MaskDataType.float32.rawValue == 1)
    }
}

import MediaPipeTasksVision

/// `vision-tasks face-detector`: MediaPipe's FaceDetector (BlazeFace short range), its options as
/// flags.
struct FaceDetectorTask: TaskCommandDefinition {
    static let commandName = "face-detector"
    static let summary = "Face boxes and 6 keypoints (MediaPipe FaceDetector, BlazeFace)"
    static let description = """
        Finds faces with MediaPipe's FaceDetector. JSON (keys are the Swift property names):
        {"detections":[{"categories":[{"index":0,"score"}],"boundingBox":{"x","y","width",
        "height"},"keypoints":[{"x","y"}…]}]}. The box is in pixels (origin top-left); the 6
        keypoints (eyes, nose tip, mouth, ear tragions) are fractions of the width and height.
        The overlay draws the boxes and keypoints.
        """
    // Options left out keep the library's defaults.
    private static var defaults: FaceDetectorOptions { FaceDetectorOptions() }
    static let minDetectionConfidence = Option<Float>.fraction(
        "min-detection-confidence", default: defaults.minDetectionConfidence, help: "drop detections scoring below F")
    static let minSuppressionThreshold = Option<Float>.fraction(
        "min-suppression-threshold", default: defaults.minSuppressionThreshold, help: "IoU above which overlapping detections merge")

    static let taskOptions = [minDetectionConfidence.declaration, minSuppressionThreshold.declaration]
        + SmallFaceFlags.declarations
    static let engineOptions = [TaskEngineOptions.delegate.declaration]
    static var modelNote: String {
        "  Without --model: face_detection_short_range.tflite from the set-up folder (assets/models).\n"
            + SmallFaceFlags.costNote
    }
    static let examples = """
          vision-tasks face-detector assets/images/astronaut.png
          vision-tasks face-detector photo.jpg --min-detection-confidence 0.7 --overlay boxes.jpg
        """

    let engine: TaskEngineOptions
    let delegate: Delegate
    let minDetectionConfidence: Float
    let minSuppressionThreshold: Float
    let detectsSmallFaces: Bool
    let minFaceSize: Int

    init(arguments: ArgumentList, engine: TaskEngineOptions, output: TaskRunOptions) throws(UsageError) {
        self.engine = engine
        delegate = try arguments.value(TaskEngineOptions.delegate)
        minDetectionConfidence = try arguments.value(Self.minDetectionConfidence)
        minSuppressionThreshold = try arguments.value(Self.minSuppressionThreshold)
        detectsSmallFaces = try arguments.value(SmallFaceFlags.smallFaces)
        minFaceSize = try arguments.value(SmallFaceFlags.minFaceSize)
    }

    /// The library options these flags stand for (no running mode, no delegate yet).
    func makeOptions() throws -> FaceDetectorOptions {
        let options = FaceDetectorOptions()
        try engine.configure(options.baseOptions, defaultModelName: "face_detection_short_range.tflite", delegate: delegate)
        options.minDetectionConfidence = minDetectionConfidence
        options.minSuppressionThreshold = minSuppressionThreshold
        options.detectsSmallFaces = detectsSmallFaces
        options.minFaceSizeInPixels = minFaceSize
        return options
    }

    func makeProcessor(runningMode: TaskRunningMode) throws -> any TaskProcessor {
        let options = try makeOptions()
        let liveStream = runningMode.liveStreamSink.map(FaceDetectorLiveStream.init)
        options.runningMode = runningMode.mediaPipe
        options.faceDetectorLiveStreamDelegate = liveStream
        return MediaPipeTaskProcessor(task: try FaceDetector(options: options), liveStream: liveStream, output: \.taskOutput)
    }
}

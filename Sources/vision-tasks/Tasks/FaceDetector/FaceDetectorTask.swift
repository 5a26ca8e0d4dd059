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
    static let optionsHelp = """
          --min-detection-confidence F    drop detections scoring below F, 0…1 (default 0.5)
          --min-suppression-threshold F   IoU above which overlapping detections merge (default 0.3)
        """
    static let engineHelp = """
        \(MediaPipeEngineSettings.help)
          Without --model: face_detection_short_range.tflite from the set-up folder (assets/models).
        """
    static let examples = """
          vision-tasks face-detector assets/images/astronaut.png
          vision-tasks face-detector photo.jpg --min-detection-confidence 0.7 --overlay boxes.jpg
        """
    static let valueOptions: Set<String> = MediaPipeEngineSettings.valueOptions.union([
        "min-detection-confidence", "min-suppression-threshold",
    ])
    static let flagOptions: Set<String> = []

    let engine: MediaPipeEngineSettings
    let minDetectionConfidence: Float
    let minSuppressionThreshold: Float

    init(arguments: ArgumentList, engine: TaskEngineOptions) throws(UsageError) {
        let defaults = FaceDetectorOptions()  // flags left out keep the library's defaults
        self.engine = try MediaPipeEngineSettings(arguments: arguments, engine: engine, defaultModelName: "face_detection_short_range.tflite")
        minDetectionConfidence = try arguments.unitInterval("min-detection-confidence", default: defaults.minDetectionConfidence)
        minSuppressionThreshold = try arguments.unitInterval("min-suppression-threshold", default: defaults.minSuppressionThreshold)
    }

    /// The library options these flags stand for (no running mode, no delegate yet).
    func makeOptions() throws -> FaceDetectorOptions {
        let options = FaceDetectorOptions()
        try engine.configure(options.baseOptions)
        options.minDetectionConfidence = minDetectionConfidence
        options.minSuppressionThreshold = minSuppressionThreshold
        return options
    }

    func makeProcessor(runningMode: TaskRunningMode) throws -> any TaskProcessor {
        try FaceDetectorProcessor(options: makeOptions(), runningMode: runningMode)
    }
}

import Foundation
import MLKitFaceDetection

/// `vision-tasks mlkit-face-detector`: ML Kit's face detector API, its options as flags.
struct MLKitFaceDetectorTask: TaskCommandDefinition {
    static let commandName = "mlkit-face-detector"
    static let summary = "Faces with ML Kit's fields: frame, angles, landmarks, contours, probabilities"
    static let description = """
        Finds faces with the ML Kit face detector API. JSON (keys are the Swift property names):
        {"faces":[{"frame":{"x","y","width","height"},"headEulerAngleX","headEulerAngleY",
        "headEulerAngleZ","landmarks":[{"type":"leftEye","position":{"x","y"}}],"contours":[{"type":
        "face","points":[{"x","y"}…]}],"smilingProbability","leftEyeOpenProbability",
        "rightEyeOpenProbability","trackingID"}]}; a key is absent when its has… flag is false.
        Positions are pixels (origin top-left), angles degrees. The overlay draws the frames,
        landmarks and contours in the ML Kit quickstart's colours.
        """
    static let optionsHelp = """
          --performance-mode M      fast (default) or accurate (also small and distant faces)
          --landmark-mode M         none (default) or all: the 10 landmarks of every face
          --contour-mode M          none (default) or all: the 15 contours of the most prominent face
          --classification-mode M   none (default) or all: smiling and eye-open probabilities
          --min-face-size F         smallest face, head width / image width, 0…1 (default 0.1)
          --tracking                tracking IDs across the frames of a video (isTrackingEnabled)
        """
    static let engineHelp = """
          Without --model: face_landmarker.task from the set-up folder (assets/models); accurate
          mode also needs face_detection_full_range_sparse.tflite beside it.
        """
    static let examples = """
          vision-tasks mlkit-face-detector assets/images/astronaut.png --landmark-mode all --classification-mode all
          vision-tasks mlkit-face-detector photo.jpg --contour-mode all --overlay contours.png
          vision-tasks mlkit-face-detector group.jpg --performance-mode accurate --min-face-size 0.05
        """
    static let valueOptions: Set<String> = [
        "performance-mode", "landmark-mode", "contour-mode", "classification-mode", "min-face-size",
    ]
    static let flagOptions: Set<String> = ["tracking"]

    let engine: TaskEngineOptions
    let isAccurate: Bool
    let findsLandmarks: Bool
    let findsContours: Bool
    let classifies: Bool
    let minFaceSize: Float
    let isTrackingEnabled: Bool

    init(arguments: ArgumentList, engine: TaskEngineOptions) throws(UsageError) {
        self.engine = engine
        isAccurate = try arguments.value("performance-mode", default: false) { ["fast": false, "accurate": true][$0] }
        findsLandmarks = try arguments.value("landmark-mode", default: false, Self.noneOrAll)
        findsContours = try arguments.value("contour-mode", default: false, Self.noneOrAll)
        classifies = try arguments.value("classification-mode", default: false, Self.noneOrAll)
        minFaceSize = try arguments.unitInterval("min-face-size", default: Float(FaceDetectorOptions().minFaceSize))
        isTrackingEnabled = arguments.flag("tracking")
    }

    private static func noneOrAll(_ word: String) -> Bool? { ["none": false, "all": true][word] }

    /// The library options these flags stand for.
    func makeOptions() -> FaceDetectorOptions {
        let options = FaceDetectorOptions()
        options.performanceMode = isAccurate ? .accurate : .fast
        options.landmarkMode = findsLandmarks ? .all : .none
        options.contourMode = findsContours ? .all : .none
        options.classificationMode = classifies ? .all : .none
        options.minFaceSize = CGFloat(minFaceSize)
        options.isTrackingEnabled = isTrackingEnabled
        return options
    }

    func makeProcessor(runningMode: TaskRunningMode) throws -> any TaskProcessor {
        try MLKitFaceDetectorProcessor(options: makeOptions(), engine: engine, runningMode: runningMode)
    }
}

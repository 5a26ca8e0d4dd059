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
    static let performanceMode = Option<Bool>.choice(
        "performance-mode", ["fast": false, "accurate": true], default: false,
        help: "fast, or accurate (also small and distant faces)")
    static let landmarkMode = Option<Bool>.choice("landmark-mode", noneOrAll, default: false, help: "all: the 10 landmarks of every face")
    static let contourMode = Option<Bool>.choice(
        "contour-mode", noneOrAll, default: false, help: "all: the 15 contours of the most prominent face")
    static let classificationMode = Option<Bool>.choice(
        "classification-mode", noneOrAll, default: false, help: "all: smiling and eye-open probabilities")
    static let minFaceSize = Option<Float>.fraction(
        "min-face-size", default: Float(FaceDetectorOptions().minFaceSize), help: "smallest face, head width / image width")
    static let tracking = Option<Bool>.flag("tracking", help: "tracking IDs across the frames of a video (isTrackingEnabled)")
    private static let noneOrAll: KeyValuePairs<String, Bool> = ["none": false, "all": true]

    static let taskOptions = [
        performanceMode.declaration, landmarkMode.declaration, contourMode.declaration, classificationMode.declaration,
        minFaceSize.declaration, tracking.declaration,
    ]
    static let engineOptions: [OptionDeclaration] = []
    static let modelNote = """
          Without --model: face_landmarker.task from the set-up folder (assets/models). Accurate
          mode finds faces by their size in pixels, down to 24 px wide, as face-landmarker's
          --small-faces does; --min-face-size then drops faces narrower than that share of the
          picture.
        """
    static let examples = """
          vision-tasks mlkit-face-detector assets/images/astronaut.png --landmark-mode all --classification-mode all
          vision-tasks mlkit-face-detector photo.jpg --contour-mode all --overlay contours.png
          vision-tasks mlkit-face-detector group.jpg --performance-mode accurate --min-face-size 0.05
        """

    let engine: TaskEngineOptions
    let isAccurate: Bool
    let findsLandmarks: Bool
    let findsContours: Bool
    let classifies: Bool
    let minFaceSize: Float
    let isTrackingEnabled: Bool

    init(arguments: ArgumentList, engine: TaskEngineOptions, output: TaskRunOptions) throws(UsageError) {
        self.engine = engine
        isAccurate = try arguments.value(Self.performanceMode)
        findsLandmarks = try arguments.value(Self.landmarkMode)
        findsContours = try arguments.value(Self.contourMode)
        classifies = try arguments.value(Self.classificationMode)
        minFaceSize = try arguments.value(Self.minFaceSize)
        isTrackingEnabled = try arguments.value(Self.tracking)
    }

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

import MediaPipeTasksVision

/// `vision-tasks face-landmarker`: MediaPipe's FaceLandmarker, its options as flags.
struct FaceLandmarkerTask: TaskCommandDefinition {
    static let commandName = "face-landmarker"
    static let summary = "478 face landmarks, blendshapes and transformation matrices (MediaPipe FaceLandmarker)"
    static let description = """
        Finds faces and their 478 landmarks with MediaPipe's FaceLandmarker. JSON (keys are the
        Swift property names): {"timestampInMilliseconds","faceLandmarks":[[{"x","y","z"}…]],
        "faceBlendshapes":[{"headIndex","headName","categories":[{"index","score","categoryName"}]}],
        "facialTransformationMatrixes":[{"rows":4,"columns":4,"data":[16 numbers, row-major]}]}.
        x and y are fractions of the picture's width and height (origin top-left). The overlay
        draws the face mesh, the contours and the irises.
        """
    static let optionsHelp = """
          --num-faces N                              most faces to find (default 1)
          --min-face-detection-confidence F          face detector threshold, 0…1 (default 0.5)
          --min-face-presence-confidence F           landmark model's presence threshold (default 0.5)
          --min-tracking-confidence F                video: IoU to keep tracking a face (default 0.5)
          --output-face-blendshapes                  add the 52 blendshape scores per face
          --output-facial-transformation-matrixes    add the 4×4 face pose matrix per face
          --small-faces                              also find small and distant faces (slower)
          --small-face-model PATH                    full-range detector for --small-faces (default:
                                                     face_detection_full_range_sparse.tflite beside
                                                     the model)
          --landmark-smoothing M                     video: \(LandmarkSmoothingMode.flagChoices) (default mediapipe)
        """
    static let engineHelp = """
        \(MediaPipeEngineSettings.help)
          Without --model: face_landmarker.task from the set-up folder (assets/models).
        """
    static let examples = """
          vision-tasks face-landmarker assets/images/astronaut.png
          vision-tasks face-landmarker photo.jpg --num-faces 4 --output-face-blendshapes --overlay mesh.png
          vision-tasks face-landmarker crowd.jpg --small-faces --num-faces 20 --json-out faces.json
        """
    static let valueOptions: Set<String> = MediaPipeEngineSettings.valueOptions.union([
        "num-faces", "min-face-detection-confidence", "min-face-presence-confidence", "min-tracking-confidence",
        "small-face-model", "landmark-smoothing",
    ])
    static let flagOptions: Set<String> = ["output-face-blendshapes", "output-facial-transformation-matrixes", "small-faces"]

    let engine: MediaPipeEngineSettings
    let numFaces: Int
    let minFaceDetectionConfidence: Float
    let minFacePresenceConfidence: Float
    let minTrackingConfidence: Float
    let outputFaceBlendshapes: Bool
    let outputFacialTransformationMatrixes: Bool
    let detectsSmallFaces: Bool
    let smallFaceModelPath: String?
    let landmarkSmoothing: LandmarkSmoothingMode

    init(arguments: ArgumentList, engine: TaskEngineOptions) throws(UsageError) {
        let defaults = FaceLandmarkerOptions()  // flags left out keep the library's defaults
        self.engine = try MediaPipeEngineSettings(arguments: arguments, engine: engine, defaultModelName: "face_landmarker.task")
        numFaces = try arguments.positiveCount("num-faces", default: defaults.numFaces)
        minFaceDetectionConfidence = try arguments.unitInterval("min-face-detection-confidence", default: defaults.minFaceDetectionConfidence)
        minFacePresenceConfidence = try arguments.unitInterval("min-face-presence-confidence", default: defaults.minFacePresenceConfidence)
        minTrackingConfidence = try arguments.unitInterval("min-tracking-confidence", default: defaults.minTrackingConfidence)
        outputFaceBlendshapes = arguments.flag("output-face-blendshapes")
        outputFacialTransformationMatrixes = arguments.flag("output-facial-transformation-matrixes")
        detectsSmallFaces = arguments.flag("small-faces")
        smallFaceModelPath = arguments.value("small-face-model")
        landmarkSmoothing = try arguments.value("landmark-smoothing", default: defaults.landmarkSmoothing) { LandmarkSmoothingMode(flag: $0) }
    }

    /// The library options these flags stand for (no running mode, no delegate yet).
    func makeOptions() throws -> FaceLandmarkerOptions {
        let options = FaceLandmarkerOptions()
        try engine.configure(options.baseOptions)
        options.numFaces = numFaces
        options.minFaceDetectionConfidence = minFaceDetectionConfidence
        options.minFacePresenceConfidence = minFacePresenceConfidence
        options.minTrackingConfidence = minTrackingConfidence
        options.outputFaceBlendshapes = outputFaceBlendshapes
        options.outputFacialTransformationMatrixes = outputFacialTransformationMatrixes
        options.detectsSmallFaces = detectsSmallFaces
        options.smallFaceModelAssetPath = smallFaceModelPath
        options.landmarkSmoothing = landmarkSmoothing
        return options
    }

    func makeProcessor(runningMode: TaskRunningMode) throws -> any TaskProcessor {
        try FaceLandmarkerProcessor(options: makeOptions(), runningMode: runningMode)
    }
}

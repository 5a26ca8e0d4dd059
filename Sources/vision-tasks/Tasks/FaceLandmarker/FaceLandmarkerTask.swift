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
    // Options left out keep the library's defaults.
    private static var defaults: FaceLandmarkerOptions { FaceLandmarkerOptions() }
    static let numFaces = Option<Int>.integer("num-faces", in: 1...Int.max, default: defaults.numFaces, help: "most faces to find")
    static let minFaceDetectionConfidence = Option<Float>.fraction(
        "min-face-detection-confidence", default: defaults.minFaceDetectionConfidence, help: "face detector threshold")
    static let minFacePresenceConfidence = Option<Float>.fraction(
        "min-face-presence-confidence", default: defaults.minFacePresenceConfidence, help: "landmark model's presence threshold")
    static let minTrackingConfidence = Option<Float>.fraction(
        "min-tracking-confidence", default: defaults.minTrackingConfidence, help: "video: IoU to keep tracking a face")
    static let outputFaceBlendshapes = Option<Bool>.flag("output-face-blendshapes", help: "add the 52 blendshape scores per face")
    static let outputFacialTransformationMatrixes = Option<Bool>.flag(
        "output-facial-transformation-matrixes", help: "add the 4×4 face pose matrix per face")
    static let landmarkSmoothing = LandmarkSmoothingMode.option(default: defaults.landmarkSmoothing, subject: "face")

    static let taskOptions = [
        numFaces.declaration, minFaceDetectionConfidence.declaration, minFacePresenceConfidence.declaration,
        minTrackingConfidence.declaration, outputFaceBlendshapes.declaration, outputFacialTransformationMatrixes.declaration,
        landmarkSmoothing.declaration,
    ] + SmallFaceFlags.declarations
    static let engineOptions = [TaskEngineOptions.delegate.declaration]
    static var modelNote: String {
        "  Without --model: face_landmarker.task from the set-up folder (assets/models).\n" + SmallFaceFlags.costNote
    }
    static let examples = """
          vision-tasks face-landmarker assets/images/astronaut.png
          vision-tasks face-landmarker photo.jpg --num-faces 4 --output-face-blendshapes --overlay mesh.png
          vision-tasks face-landmarker crowd.jpg --small-faces --num-faces 20 --json-out faces.json
        """

    let engine: TaskEngineOptions
    let delegate: Delegate
    let numFaces: Int
    let minFaceDetectionConfidence: Float
    let minFacePresenceConfidence: Float
    let minTrackingConfidence: Float
    let outputFaceBlendshapes: Bool
    let outputFacialTransformationMatrixes: Bool
    let detectsSmallFaces: Bool
    let minFaceSize: Int
    let landmarkSmoothing: LandmarkSmoothingMode

    init(arguments: ArgumentList, engine: TaskEngineOptions, output: TaskRunOptions) throws(UsageError) {
        self.engine = engine
        delegate = try arguments.value(TaskEngineOptions.delegate)
        numFaces = try arguments.value(Self.numFaces)
        minFaceDetectionConfidence = try arguments.value(Self.minFaceDetectionConfidence)
        minFacePresenceConfidence = try arguments.value(Self.minFacePresenceConfidence)
        minTrackingConfidence = try arguments.value(Self.minTrackingConfidence)
        outputFaceBlendshapes = try arguments.value(Self.outputFaceBlendshapes)
        outputFacialTransformationMatrixes = try arguments.value(Self.outputFacialTransformationMatrixes)
        detectsSmallFaces = try arguments.value(SmallFaceFlags.smallFaces)
        minFaceSize = try arguments.value(SmallFaceFlags.minFaceSize)
        landmarkSmoothing = try arguments.value(Self.landmarkSmoothing)
    }

    /// The library options these flags stand for (no running mode, no delegate yet).
    func makeOptions() throws -> FaceLandmarkerOptions {
        let options = FaceLandmarkerOptions()
        try engine.configure(options.baseOptions, defaultModelName: "face_landmarker.task", delegate: delegate)
        options.numFaces = numFaces
        options.minFaceDetectionConfidence = minFaceDetectionConfidence
        options.minFacePresenceConfidence = minFacePresenceConfidence
        options.minTrackingConfidence = minTrackingConfidence
        options.outputFaceBlendshapes = outputFaceBlendshapes
        options.outputFacialTransformationMatrixes = outputFacialTransformationMatrixes
        options.detectsSmallFaces = detectsSmallFaces
        options.minFaceSizeInPixels = minFaceSize
        options.landmarkSmoothing = landmarkSmoothing
        return options
    }

    func makeProcessor(runningMode: TaskRunningMode) throws -> any TaskProcessor {
        let options = try makeOptions()
        let liveStream = runningMode.liveStreamSink.map(FaceLandmarkerLiveStream.init)
        options.runningMode = runningMode.mediaPipe
        options.faceLandmarkerLiveStreamDelegate = liveStream
        return MediaPipeTaskProcessor(task: try FaceLandmarker(options: options), liveStream: liveStream, output: \.taskOutput)
    }
}

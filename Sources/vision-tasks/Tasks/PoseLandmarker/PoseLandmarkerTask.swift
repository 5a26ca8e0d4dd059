import MediaPipeTasksVision
import VisionPipeline

/// `vision-tasks pose-landmarker`: MediaPipe's PoseLandmarker, its options as flags.
struct PoseLandmarkerTask: TaskCommandDefinition {
    static let commandName = "pose-landmarker"
    static let summary = "33 body landmarks, world landmarks and segmentation masks (MediaPipe PoseLandmarker)"
    static let description = """
        Finds people and their 33 body landmarks with MediaPipe's PoseLandmarker. JSON (keys are
        the Swift property names): {"timestampInMilliseconds","landmarks":[[{"x","y","z",
        "visibility","presence"}…]],"worldLandmarks":[[…the same keys, metres…]],
        "segmentationMasks":[{"width","height","file"}]}. "file" is the mask's PNG (8-bit gray,
        the input's size), written with --masks DIR. The overlay draws the skeleton and tints
        the people.
        """
    // Options left out keep the library's defaults.
    private static var defaults: PoseLandmarkerOptions { PoseLandmarkerOptions() }
    static let numPoses = Option<Int>.integer("num-poses", in: 1...Int.max, default: defaults.numPoses, help: "most people to find")
    static let minPoseDetectionConfidence = Option<Float>.fraction(
        "min-pose-detection-confidence", default: defaults.minPoseDetectionConfidence, help: "pose detector threshold")
    static let minPosePresenceConfidence = Option<Float>.fraction(
        "min-pose-presence-confidence", default: defaults.minPosePresenceConfidence, help: "landmark model's presence threshold")
    static let minTrackingConfidence = Option<Float>.fraction(
        "min-tracking-confidence", default: defaults.minTrackingConfidence, help: "video: IoU to keep tracking a person")
    static let outputSegmentationMasks = Option<Bool>.flag("output-segmentation-masks", help: "add one segmentation mask per person")
    static let masks = Option<String?>.text(
        "masks", "DIR",
        help: "write the masks as PNG files into DIR (implies --output-segmentation-masks): DIR/<input>.pose<k>.png, for videos DIR/<input>.<t>ms.pose<k>.png; <input> is the file name with its extension (in a folder, the relative path: DIR mirrors the tree)")
    static let everyPerson = Option<Bool>.flag(
        "every-person", help: "with --num-poses > 1, look again for people the detector missed, down to 150 px tall (slower)")
    static let landmarkSmoothing = LandmarkSmoothingMode.option(default: defaults.landmarkSmoothing, subject: "person")

    static let taskOptions = [
        numPoses.declaration, minPoseDetectionConfidence.declaration, minPosePresenceConfidence.declaration,
        minTrackingConfidence.declaration, outputSegmentationMasks.declaration, masks.declaration, everyPerson.declaration,
        landmarkSmoothing.declaration,
    ]
    static let engineOptions = [TaskEngineOptions.delegate.declaration]
    static var modelNote: String {
        let sizes = [(640, 480), (1280, 720), (1920, 1080), (3840, 2160)]
        let runs = sizes.map { "\(PoseLandmarkerGraphOptions.everyPersonSearchDetectorRuns(width: $0.0, height: $0.1))" }
        return """
              Without --model: pose_landmarker_full.task from the set-up folder (assets/models).
              --every-person looks for people from 150 px tall, running the pose detector on windows
              (MediaPipe runs it once): at 640×480 / 1280×720 / 1920×1080 / 3840×2160, \(runs.joined(separator: " / "))
              runs; then the landmark model once to five times per candidate.
            """
    }
    static let examples = """
          vision-tasks pose-landmarker assets/images/bus.jpg --num-poses 2
          vision-tasks pose-landmarker photo.jpg --masks masks/ --overlay skeleton.png
          vision-tasks pose-landmarker group.jpg --num-poses 6 --every-person --json-out poses.json
        """

    let engine: TaskEngineOptions
    let delegate: Delegate
    let numPoses: Int
    let minPoseDetectionConfidence: Float
    let minPosePresenceConfidence: Float
    let minTrackingConfidence: Float
    let shouldOutputSegmentationMasks: Bool
    let masksDirectory: String?
    let findsEveryPerson: Bool
    /// `--overlay` was given: the masks are computed for the picture even when the JSON does not
    /// list them (they do not change the landmarks).
    let drawsMasks: Bool
    let landmarkSmoothing: LandmarkSmoothingMode

    init(arguments: ArgumentList, engine: TaskEngineOptions, output: TaskRunOptions) throws(UsageError) {
        self.engine = engine
        delegate = try arguments.value(TaskEngineOptions.delegate)
        numPoses = try arguments.value(Self.numPoses)
        minPoseDetectionConfidence = try arguments.value(Self.minPoseDetectionConfidence)
        minPosePresenceConfidence = try arguments.value(Self.minPosePresenceConfidence)
        minTrackingConfidence = try arguments.value(Self.minTrackingConfidence)
        masksDirectory = try arguments.value(Self.masks)
        shouldOutputSegmentationMasks = try arguments.value(Self.outputSegmentationMasks) || masksDirectory != nil
        findsEveryPerson = try arguments.value(Self.everyPerson)
        drawsMasks = output.overlayPath != nil
        landmarkSmoothing = try arguments.value(Self.landmarkSmoothing)
    }

    /// The library options these flags stand for (no running mode, no delegate yet); with
    /// `--overlay`, masks are on for the picture.
    func makeOptions() throws -> PoseLandmarkerOptions {
        let options = PoseLandmarkerOptions()
        try engine.configure(options.baseOptions, defaultModelName: "pose_landmarker_full.task", delegate: delegate)
        options.numPoses = numPoses
        options.minPoseDetectionConfidence = minPoseDetectionConfidence
        options.minPosePresenceConfidence = minPosePresenceConfidence
        options.minTrackingConfidence = minTrackingConfidence
        options.shouldOutputSegmentationMasks = shouldOutputSegmentationMasks || drawsMasks
        options.findsEveryPerson = findsEveryPerson
        options.landmarkSmoothing = landmarkSmoothing
        return options
    }

    func makeProcessor(runningMode: TaskRunningMode) throws -> any TaskProcessor {
        let options = try makeOptions()
        let liveStream = runningMode.liveStreamSink.map(PoseLandmarkerLiveStream.init)
        options.runningMode = runningMode.mediaPipe
        options.poseLandmarkerLiveStreamDelegate = liveStream
        let output = PoseOutput(masks: masksDirectory.map(PoseMaskWriter.init(directory:)), listsMasks: shouldOutputSegmentationMasks,
                                isImageMode: runningMode.mediaPipe == .image)
        return MediaPipeTaskProcessor(task: try PoseLandmarker(options: options), liveStream: liveStream,
                                      output: output.output, inputNameChanged: output.setInputName)
    }
}

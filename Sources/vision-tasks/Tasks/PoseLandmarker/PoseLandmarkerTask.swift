import MediaPipeTasksVision

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
    static let optionsHelp = """
          --num-poses N                         most people to find (default 1)
          --min-pose-detection-confidence F     pose detector threshold, 0…1 (default 0.5)
          --min-pose-presence-confidence F      landmark model's presence threshold (default 0.5)
          --min-tracking-confidence F           video: IoU to keep tracking a person (default 0.5)
          --output-segmentation-masks           add one segmentation mask per person
          --masks DIR                           write the masks as PNG files into DIR (implies
                                                --output-segmentation-masks): DIR/<input>.pose<k>.png,
                                                for videos DIR/<input>.<t>ms.pose<k>.png; <input> is
                                                the file name with its extension (in a folder, the
                                                relative path: DIR mirrors the tree)
          --every-person                        with --num-poses > 1, look again for people the
                                                detector missed (slower)
          --landmark-smoothing M                video: \(LandmarkSmoothingMode.flagChoices) (default mediapipe)
        """
    static let engineHelp = """
        \(MediaPipeEngineSettings.help)
          Without --model: pose_landmarker_full.task from the set-up folder (assets/models).
        """
    static let examples = """
          vision-tasks pose-landmarker assets/images/bus.jpg --num-poses 2
          vision-tasks pose-landmarker photo.jpg --masks masks/ --overlay skeleton.png
          vision-tasks pose-landmarker group.jpg --num-poses 6 --every-person --json-out poses.json
        """
    static let valueOptions: Set<String> = MediaPipeEngineSettings.valueOptions.union([
        "num-poses", "min-pose-detection-confidence", "min-pose-presence-confidence", "min-tracking-confidence",
        "masks", "landmark-smoothing",
    ])
    static let flagOptions: Set<String> = ["output-segmentation-masks", "every-person"]

    let engine: MediaPipeEngineSettings
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

    init(arguments: ArgumentList, engine: TaskEngineOptions) throws(UsageError) {
        let defaults = PoseLandmarkerOptions()  // flags left out keep the library's defaults
        self.engine = try MediaPipeEngineSettings(arguments: arguments, engine: engine, defaultModelName: "pose_landmarker_full.task")
        numPoses = try arguments.positiveCount("num-poses", default: defaults.numPoses)
        minPoseDetectionConfidence = try arguments.unitInterval("min-pose-detection-confidence", default: defaults.minPoseDetectionConfidence)
        minPosePresenceConfidence = try arguments.unitInterval("min-pose-presence-confidence", default: defaults.minPosePresenceConfidence)
        minTrackingConfidence = try arguments.unitInterval("min-tracking-confidence", default: defaults.minTrackingConfidence)
        masksDirectory = arguments.value("masks")
        if masksDirectory?.isEmpty == true { throw UsageError("--masks needs a folder") }
        shouldOutputSegmentationMasks = arguments.flag("output-segmentation-masks") || masksDirectory != nil
        findsEveryPerson = arguments.flag("every-person")
        drawsMasks = arguments.value("overlay") != nil
        landmarkSmoothing = try arguments.value("landmark-smoothing", default: defaults.landmarkSmoothing) { LandmarkSmoothingMode(flag: $0) }
    }

    /// The library options these flags stand for (no running mode, no delegate yet); with
    /// `--overlay`, masks are on for the picture.
    func makeOptions() throws -> PoseLandmarkerOptions {
        let options = PoseLandmarkerOptions()
        try engine.configure(options.baseOptions)
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
        try PoseLandmarkerProcessor(options: makeOptions(), runningMode: runningMode, listsMasks: shouldOutputSegmentationMasks,
                                    masks: masksDirectory.map(PoseMaskWriter.init(directory:)))
    }
}

import MediaPipeTasksVision

/// `vision-tasks hand-landmarker`: MediaPipe's HandLandmarker, its options as flags.
struct HandLandmarkerTask: TaskCommandDefinition {
    static let commandName = "hand-landmarker"
    static let summary = "21 hand landmarks, world landmarks and handedness (MediaPipe HandLandmarker)"
    static let description = """
        Finds hands, their 21 landmarks and whether each is a left or a right hand, with
        MediaPipe's HandLandmarker. JSON (keys are the Swift property names):
        {"timestampInMilliseconds","landmarks":[[{"x","y","z"}…]],"worldLandmarks":[[…metres…]],
        "handedness":[[{"index","score","categoryName","displayName"}]]}. Handedness is
        MediaPipe's: "Right" or "Left" as the hand appears in the picture (a selfie camera's
        mirrored frames swap them). The overlay draws each hand's skeleton and its label.
        """
    // Options left out keep the library's defaults.
    private static var defaults: HandLandmarkerOptions { HandLandmarkerOptions() }
    static let numHands = Option<Int>.integer("num-hands", in: 1...Int.max, default: defaults.numHands, help: "most hands to find")
    static let minHandDetectionConfidence = Option<Float>.fraction(
        "min-hand-detection-confidence", default: defaults.minHandDetectionConfidence, help: "palm detector threshold")
    static let minHandPresenceConfidence = Option<Float>.fraction(
        "min-hand-presence-confidence", default: defaults.minHandPresenceConfidence, help: "landmark model's presence threshold")
    static let minTrackingConfidence = Option<Float>.fraction(
        "min-tracking-confidence", default: defaults.minTrackingConfidence, help: "video: IoU at which a new palm is a tracked hand")

    static let taskOptions = [
        numHands.declaration, minHandDetectionConfidence.declaration, minHandPresenceConfidence.declaration,
        minTrackingConfidence.declaration,
    ]
    static let engineOptions = [TaskEngineOptions.delegate.declaration]
    static let modelNote = """
          Without --model: hand_landmarker.task from the set-up folder (assets/models).
        """
    static let examples = """
          vision-tasks hand-landmarker assets/images/t1.jpg --num-hands 6
          vision-tasks hand-landmarker clip.mp4 --num-hands 2 --json-out hands.jsonl --overlay hands.mp4
        """

    let engine: TaskEngineOptions
    let delegate: Delegate
    let numHands: Int
    let minHandDetectionConfidence: Float
    let minHandPresenceConfidence: Float
    let minTrackingConfidence: Float

    init(arguments: ArgumentList, engine: TaskEngineOptions, output: TaskRunOptions) throws(UsageError) {
        self.engine = engine
        delegate = try arguments.value(TaskEngineOptions.delegate)
        numHands = try arguments.value(Self.numHands)
        minHandDetectionConfidence = try arguments.value(Self.minHandDetectionConfidence)
        minHandPresenceConfidence = try arguments.value(Self.minHandPresenceConfidence)
        minTrackingConfidence = try arguments.value(Self.minTrackingConfidence)
    }

    /// The library options these flags stand for (no running mode, no delegate yet).
    func makeOptions() throws -> HandLandmarkerOptions {
        let options = HandLandmarkerOptions()
        try engine.configure(options.baseOptions, defaultModelName: "hand_landmarker.task", delegate: delegate)
        options.numHands = numHands
        options.minHandDetectionConfidence = minHandDetectionConfidence
        options.minHandPresenceConfidence = minHandPresenceConfidence
        options.minTrackingConfidence = minTrackingConfidence
        return options
    }

    func makeProcessor(runningMode: TaskRunningMode) throws -> any TaskProcessor {
        let options = try makeOptions()
        let liveStream = runningMode.liveStreamSink.map(HandLandmarkerLiveStream.init)
        options.runningMode = runningMode.mediaPipe
        options.handLandmarkerLiveStreamDelegate = liveStream
        return MediaPipeTaskProcessor(task: try HandLandmarker(options: options), liveStream: liveStream,
                                      output: \.taskOutput)
    }
}

import MediaPipeTasksVision
import VisionPipeline

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

    static let everyHand = Option<Bool>.flag(
        "every-hand", help: "with --num-hands > 1, look again, tile by tile, for hands down to --min-hand-size the detector missed (slower)")
    static let minHandSize = Option<Int>.integer(
        "min-hand-size", "PX", in: 16...Int.max, default: 32,
        help: "with --every-hand: the smallest hand to find, pixels (the longer side of its landmarks' bounds, at least 16)")

    static let taskOptions = [
        numHands.declaration, minHandDetectionConfidence.declaration, minHandPresenceConfidence.declaration,
        minTrackingConfidence.declaration, everyHand.declaration, minHandSize.declaration,
    ]
    static let engineOptions = [TaskEngineOptions.delegate.declaration]
    static var modelNote: String { "  Without --model: hand_landmarker.task from the set-up folder (assets/models).\n" + everyHandCostNote }

    /// The every-hand search's cost for `--help` (docs/pipeline.md §12.8).
    static var everyHandCostNote: String {
        let sizes = [(640, 480), (1280, 720), (1920, 1080), (3840, 2160)]
        let runs = { (size: Int) in
            sizes.map { "\(HandLandmarkerGraphOptions.everyHandSearchDetectorRuns(width: $0.0, height: $0.1, minHandSize: size))" }
                .joined(separator: " / ")
        }
        return """
          --every-hand runs the palm detector over a pyramid of tiles (MediaPipe runs it once): at
          640×480 / 1280×720 / 1920×1080 / 3840×2160, \(runs(32)) runs with --min-hand-size 32,
          \(runs(64)) with 64; then the landmark model once per new palm.
        """
    }
    static let examples = """
          vision-tasks hand-landmarker assets/images/t1.jpg --num-hands 6
          vision-tasks hand-landmarker crowd.jpg --num-hands 20 --every-hand --overlay hands.png
          vision-tasks hand-landmarker clip.mp4 --num-hands 2 --json-out hands.jsonl --overlay hands.mp4
        """

    let engine: TaskEngineOptions
    let delegate: Delegate
    let numHands: Int
    let minHandDetectionConfidence: Float
    let minHandPresenceConfidence: Float
    let minTrackingConfidence: Float
    let findsEveryHand: Bool
    let minHandSize: Int

    init(arguments: ArgumentList, engine: TaskEngineOptions, output: TaskRunOptions) throws(UsageError) {
        self.engine = engine
        delegate = try arguments.value(TaskEngineOptions.delegate)
        numHands = try arguments.value(Self.numHands)
        minHandDetectionConfidence = try arguments.value(Self.minHandDetectionConfidence)
        minHandPresenceConfidence = try arguments.value(Self.minHandPresenceConfidence)
        minTrackingConfidence = try arguments.value(Self.minTrackingConfidence)
        findsEveryHand = try arguments.value(Self.everyHand)
        minHandSize = try arguments.value(Self.minHandSize)
    }

    /// The library options these flags stand for (no running mode, no delegate yet).
    func makeOptions() throws -> HandLandmarkerOptions {
        let options = HandLandmarkerOptions()
        try engine.configure(options.baseOptions, defaultModelName: "hand_landmarker.task", delegate: delegate)
        options.numHands = numHands
        options.minHandDetectionConfidence = minHandDetectionConfidence
        options.minHandPresenceConfidence = minHandPresenceConfidence
        options.minTrackingConfidence = minTrackingConfidence
        options.findsEveryHand = findsEveryHand
        options.minHandSizeInPixels = minHandSize
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

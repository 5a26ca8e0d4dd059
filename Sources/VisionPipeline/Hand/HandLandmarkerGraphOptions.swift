import Inference

/// Options of ``HandLandmarkerGraph``: MediaPipe's HandLandmarker options (same names and defaults,
/// docs/pipeline.md §12.1).
public struct HandLandmarkerGraphOptions: Sendable {
    /// The most hands to return (≥ 1). Also, while streaming, the number of tracked hands at which
    /// the palm detector is skipped.
    public var numHands: Int = 1
    /// The palm detector's score threshold in [0, 1] (a palm is kept if its score `≥` this).
    public var minHandDetectionConfidence: Float = 0.5
    /// The landmark model's hand presence threshold in [0, 1] (a hand is kept if its presence
    /// probability is `>` this); a tracked hand below it is lost.
    public var minHandPresenceConfidence: Float = 0.5
    /// While streaming, the IoU in [0, 1] above which a new palm is taken for a hand already
    /// tracked and dropped (MediaPipe's association threshold; not a landmark score).
    public var minTrackingConfidence: Float = 0.5
    /// VIDEO or LIVE_STREAM: track hands from frame to frame and skip the palm detector while
    /// `numHands` hands are tracked. `false` (IMAGE) treats every call on its own.
    public var isStreaming = false
    /// Beyond MediaPipe, when `numHands > 1`: after MediaPipe's own pass, search the picture again
    /// for hands from ``minHandSize`` pixels, tile by tile (see ``HandLandmarkerGraph``). The hands
    /// MediaPipe finds come first and are unchanged; extra hands follow. Ignored when
    /// `numHands == 1`.
    public var findsEveryHand = false
    /// With ``findsEveryHand``: the smallest hand to find, pixels of landmark extent (the longer
    /// side of its 21 landmarks' bounds) in the upright picture, at least 16. Larger is faster.
    public var minHandSize = 32
    /// The inference backend and threads.
    public var engine = InterpreterOptions()

    public init(numHands: Int = 1, minHandDetectionConfidence: Float = 0.5, minHandPresenceConfidence: Float = 0.5,
                minTrackingConfidence: Float = 0.5, isStreaming: Bool = false, findsEveryHand: Bool = false,
                minHandSize: Int = 32, engine: InterpreterOptions = InterpreterOptions()) {
        self.numHands = numHands
        self.minHandDetectionConfidence = minHandDetectionConfidence
        self.minHandPresenceConfidence = minHandPresenceConfidence
        self.minTrackingConfidence = minTrackingConfidence
        self.isStreaming = isStreaming
        self.findsEveryHand = findsEveryHand
        self.minHandSize = minHandSize
        self.engine = engine
    }

    /// Whether the every-hand search runs (``findsEveryHand`` with `numHands > 1`).
    var searchesEveryHand: Bool { findsEveryHand && numHands > 1 }

    /// Throws ``PipelineError/invalidArgument(_:)`` naming the first bad option.
    func validate() throws(PipelineError) {
        guard numHands > 0 else { throw .invalidArgument("numHands must be > 0, got \(numHands)") }
        let confidences: [(String, Float)] = [
            ("minHandDetectionConfidence", minHandDetectionConfidence),
            ("minHandPresenceConfidence", minHandPresenceConfidence),
            ("minTrackingConfidence", minTrackingConfidence),
        ]
        for (name, value) in confidences where !(value >= 0 && value <= 1) {
            throw .invalidArgument("\(name) must be in [0, 1], got \(value)")
        }
        guard minHandSize >= EveryHandSearch.smallestMinHandSize else {
            throw .invalidArgument("minHandSize \(minHandSize) px is below the smallest hand the search looks for, \(EveryHandSearch.smallestMinHandSize) px")
        }
        guard engine.threadCount > 0 else { throw .invalidArgument("threadCount must be > 0, got \(engine.threadCount)") }
    }
}

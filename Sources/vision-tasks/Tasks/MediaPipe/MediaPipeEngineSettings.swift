import Inference
import MediaPipeTasksVision

/// The `BaseOptions` of a MediaPipe task command: the model (`--model` or the set-up folder's
/// default), `--delegate`, `--backend` and `--threads`.
struct MediaPipeEngineSettings: Sendable {
    static let valueOptions: Set<String> = ["delegate"]
    static let help = """
          --delegate NAME    CPU (default) or GPU (BaseOptions.delegate; GPU runs on the CPU here)
        """

    var engine: TaskEngineOptions
    var delegate: Delegate
    /// The model file in `assets/models` used without `--model`.
    var defaultModelName: String

    init(arguments: ArgumentList, engine: TaskEngineOptions, defaultModelName: String) throws(UsageError) {
        self.engine = engine
        self.defaultModelName = defaultModelName
        delegate = try arguments.value("delegate", default: .CPU) { name in
            switch name.uppercased() {
            case "CPU": .CPU
            case "GPU": .GPU
            default: nil
            }
        }
    }

    /// Fills `options` with the model path and the engine choice.
    func configure(_ options: BaseOptions) throws {
        options.modelAssetPath = try engine.resolvedModelPath(defaultName: defaultModelName)
        options.delegate = delegate
        options.inferenceBackend = engine.backend == .reference ? .reference : .xnnpack
        options.threadCount = engine.threadCount
    }
}

extension TaskRunningMode {
    /// The MediaPipe running mode of this mode.
    var mediaPipe: RunningMode {
        switch self {
        case .image: .image
        case .video: .video
        case .liveStream: .liveStream
        }
    }

    /// The live-stream sink, in live-stream mode.
    var liveStreamSink: TaskLiveStreamSink? {
        if case .liveStream(let sink) = self { return sink }
        return nil
    }
}

extension LandmarkSmoothingMode {
    /// `--landmark-smoothing`'s spellings.
    static let flagChoices = "mediapipe|all-tracked|off"

    /// The mode named `flag` (`mediapipe`, `all-tracked` or `off`).
    init?(flag: String) {
        switch flag {
        case "mediapipe": self = .mediaPipe
        case "all-tracked": self = .allTracked
        case "off": self = .off
        default: return nil
        }
    }
}

extension ArgumentList {
    /// `--name` as a probability-like threshold in [0, 1].
    func unitInterval(_ name: String, default defaultValue: Float) throws(UsageError) -> Float {
        try value(name, default: defaultValue) { Float($0).flatMap { (0...1).contains($0) ? $0 : nil } }
    }

    /// `--name` as a count of at least 1.
    func positiveCount(_ name: String, default defaultValue: Int) throws(UsageError) -> Int {
        try value(name, default: defaultValue) { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
    }
}

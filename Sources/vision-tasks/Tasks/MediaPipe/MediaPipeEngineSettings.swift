import Inference
import MediaPipeTasksVision

/// The `BaseOptions` of a MediaPipe task command: the model (`--model` or the set-up folder's
/// default), `--delegate`, `--backend` and `--threads`.
struct MediaPipeEngineSettings: Sendable {
    static let delegate = Option<Delegate>.choice(
        "delegate", ["CPU": .CPU, "GPU": .GPU], default: .CPU,
        help: "BaseOptions.delegate; GPU is accepted and runs on the CPU here")

    var engine: TaskEngineOptions
    var delegate: Delegate
    /// The model file in `assets/models` used without `--model`.
    var defaultModelName: String

    init(arguments: ArgumentList, engine: TaskEngineOptions, defaultModelName: String) throws(UsageError) {
        self.engine = engine
        self.defaultModelName = defaultModelName
        delegate = try arguments.value(Self.delegate)
    }

    /// Fills `options` with the model path and the engine choice.
    func configure(_ options: BaseOptions) throws {
        options.modelAssetPath = try engine.resolvedModelPath(defaultName: defaultModelName)
        options.delegate = delegate
        options.inferenceBackend = engine.interpreter.backend == .reference ? .reference : .xnnpack
        options.threadCount = engine.interpreter.threadCount
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
    /// `--landmark-smoothing`, for the face and pose landmarkers.
    static func option(default defaultValue: LandmarkSmoothingMode, subject: String) -> Option<LandmarkSmoothingMode> {
        .choice("landmark-smoothing", ["mediapipe": .mediaPipe, "all-tracked": .allTracked, "off": .off], default: defaultValue,
                help: "video: smooth the landmarks of the first \(subject) as MediaPipe does, of every tracked one, or not at all")
    }
}

import Foundation
import Inference
import MediaPipeTasksVision

/// The options every task command shares for loading and running its models: `--model`,
/// `--backend` and `--threads`.
struct TaskEngineOptions: Sendable {
    static let model = Option<String?>.text("model", "PATH", defaultText: "the set-up folder's, below", help: "the model file")
    /// `--delegate`, for the MediaPipe tasks (their `BaseOptions.delegate`).
    static let delegate = Option<Delegate>.choice(
        "delegate", ["CPU": .CPU, "GPU": .GPU], default: .CPU,
        help: "BaseOptions.delegate; GPU is accepted and runs on the CPU here")

    static let declarations = [model.declaration] + EngineOptions.declarations

    /// `--model`, when given.
    var modelPath: String?
    /// `--backend` and `--threads`.
    var interpreter: InterpreterOptions

    /// Parses the flags; `defaultThreadCount` is used without `--threads`.
    init(arguments: ArgumentList, defaultThreadCount: Int) throws(UsageError) {
        modelPath = try arguments.value(Self.model)
        interpreter = try EngineOptions.parse(arguments, defaultThreadCount: defaultThreadCount)
    }

    /// `--model`, or `defaultName` in the set-up folder's `assets/models` (an error says how to
    /// create that folder when it is missing).
    func resolvedModelPath(defaultName: String) throws -> String {
        if let modelPath { return modelPath }
        return try AssetDirectory.requireModels().appendingPathComponent(defaultName).path
    }

    /// Fills a MediaPipe task's `options` with the model (`--model`, else `defaultModelName` in
    /// the set-up folder), `delegate` and the interpreter's backend and threads.
    func configure(_ options: BaseOptions, defaultModelName: String, delegate: Delegate) throws {
        options.modelAssetPath = try resolvedModelPath(defaultName: defaultModelName)
        options.delegate = delegate
        options.inferenceBackend = InferenceBackend(interpreter.backend)
        options.threadCount = interpreter.threadCount
    }
}

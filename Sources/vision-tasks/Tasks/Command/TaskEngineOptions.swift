import Foundation
import Inference

/// The options every task command shares for loading and running its models: `--model`,
/// `--backend` and `--threads`.
struct TaskEngineOptions: Sendable {
    static let valueOptions: Set<String> = EngineOptions.valueOptions.union(["model"])

    static let help = """
          --model PATH       the model file (default: the set-up folder's, below)
        \(EngineOptions.help)
        """

    /// `--model`, when given.
    var modelPath: String?
    /// `--backend`: the CPU kernels.
    var backend: InterpreterOptions.Backend
    /// `--threads`: threads per model for XNNPACK.
    var threadCount: Int

    init(arguments: ArgumentList) throws(UsageError) {
        modelPath = arguments.value("model")
        if let modelPath, modelPath.isEmpty { throw UsageError("--model needs a path") }
        let engine = try EngineOptions.parse(arguments)
        backend = engine.backend
        threadCount = engine.threadCount
    }

    /// `--model`, or `defaultName` in the set-up folder's `assets/models` (an error says how to
    /// create that folder when it is missing).
    func resolvedModelPath(defaultName: String) throws -> String {
        if let modelPath { return modelPath }
        return try AssetDirectory.requireModels().appendingPathComponent(defaultName).path
    }
}

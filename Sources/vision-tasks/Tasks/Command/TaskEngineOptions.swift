import Foundation
import Inference

/// The options every task command shares for loading and running its models: `--model`,
/// `--backend` and `--threads`.
struct TaskEngineOptions: Sendable {
    static let model = Option<String?>.text("model", "PATH", defaultText: "the set-up folder's, below", help: "the model file")

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
}

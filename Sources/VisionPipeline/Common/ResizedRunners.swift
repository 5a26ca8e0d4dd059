import Inference
import TFLite

/// One fully convolutional detector at other input sizes: the searches by size in pixels run it
/// on tiles larger than its own input (docs/pipeline.md §9.1, §12.8), its input resized by the
/// interpreter (docs/engine.md §2, step 6). One interpreter per size, made on first use; at most
/// ``limit`` are kept (a picture of a new size needs a handful).
final class ResizedRunners {
    static let limit = 8
    private let model: Model
    private let path: String
    private let engine: InterpreterOptions
    private var runners: [[Int]: ModelRunner] = [:]

    init(model: Model, path: String, engine: InterpreterOptions) {
        self.model = model
        self.path = path
        self.engine = engine
    }

    /// The model with a `1 × height × width × 3` input.
    func runner(width: Int, height: Int) throws(PipelineError) -> ModelRunner {
        if let runner = runners[[width, height]] { return runner }
        var options = engine
        options.inputShape = [1, height, width, 3]
        let runner = try ModelRunner(model: model, path: path, engine: options)
        if runners.count >= Self.limit { runners.removeAll() }
        runners[[width, height]] = runner
        return runner
    }
}

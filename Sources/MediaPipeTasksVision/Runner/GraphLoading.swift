import Foundation
import Inference
import VisionPipeline

/// Builds a task's graph with the engine of its ``BaseOptions``, turning failures into MediaPipe's
/// errors.
///
/// When the default XNNPACK kernels are not part of this build (a build without the XNNPACK
/// backend), the graph is built with the reference kernels instead, so that default options
/// always work; results are the same, only slower.
enum GraphLoading {
    static func make<Graph>(engine: EngineChoice,
                            _ build: (EngineChoice) throws(PipelineError) -> Graph) throws(NSError) -> Graph {
        do {
            return try build(engine)
        } catch {
            guard engine.backend == .xnnpack, isUnavailableBackend(error, engine.backend) else { throw error.tasksError }
            var fallback = engine
            fallback.backend = .reference
            do {
                return try build(fallback)
            } catch {
                throw error.tasksError
            }
        }
    }

    private static func isUnavailableBackend(_ error: PipelineError, _ backend: InterpreterOptions.Backend) -> Bool {
        guard case .inference(let message) = error else { return false }
        return message.contains(InferenceError.backendUnavailable(name: backend.rawValue).description)
    }
}

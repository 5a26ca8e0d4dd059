import Inference
import Foundation
import VisionPipeline

/// Builds a task's graph with the engine of its ``BaseOptions``, turning failures into MediaPipe's
/// errors (see `PipelineError.tasksError`).
enum GraphLoading {
    static func make<Graph>(engine: InterpreterOptions,
                            _ build: (InterpreterOptions) throws(PipelineError) -> Graph) throws(NSError) -> Graph {
        do {
            return try build(engine)
        } catch {
            throw error.tasksError
        }
    }
}

import Foundation
import Inference
import VisionPipeline

extension BaseOptions {
    /// The interpreter options the graphs take. ``Delegate/GPU`` runs on the CPU (see ``Delegate``).
    var interpreterOptions: InterpreterOptions {
        InterpreterOptions(backend: inferenceBackend.interpreterBackend, threadCount: max(1, threadCount))
    }

    /// Throws MediaPipe's INVALID_ARGUMENT error for an empty path (before anything is loaded).
    func validateModelPath() throws(NSError) {
        if modelAssetPath.isEmpty { throw TasksError.emptyModelPath }
    }
}

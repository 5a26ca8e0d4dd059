import Foundation
import VisionPipeline

extension PipelineError {
    /// The `NSError` MediaPipe would report for this failure: a missing model is NOT_FOUND
    /// ("Unable to open file at <path>"), bad options, images and models are INVALID_ARGUMENT,
    /// engine failures INTERNAL; all messages carry the absl code prefix, as MediaPipe's C++
    /// statuses do.
    var tasksError: NSError {
        switch self {
        case .modelNotFound(let path):
            TasksError.status(.notFoundError, "Unable to open file at \(path)")
        case .invalidModel(let path, let detail):
            TasksError.status(.invalidArgumentError, "The model at \(path) cannot be used: \(detail)")
        case .invalidArgument(let message):
            TasksError.status(.invalidArgumentError, message)
        case .inference(let message):
            TasksError.status(.internalError, message)
        }
    }
}

/// Why a graph could not be built or could not process an image.
public enum PipelineError: Error, Sendable, CustomStringConvertible {
    /// The model file is missing or unreadable (MediaPipe's NOT_FOUND).
    case modelNotFound(path: String)
    /// The file is not a usable model: corrupt, an unsupported model, or a bundle without the
    /// members this graph needs (`detail` names them).
    case invalidModel(path: String, detail: String)
    /// Bad options (for example `numFaces <= 0`, a confidence outside [0, 1]) or a bad image
    /// (zero size).
    case invalidArgument(String)
    /// The inference engine failed; the engine's message is wrapped.
    case inference(String)

    public var description: String {
        switch self {
        case .modelNotFound(let path): "model not found: \(path)"
        case .invalidModel(let path, let detail): "invalid model \(path): \(detail)"
        case .invalidArgument(let message): "invalid argument: \(message)"
        case .inference(let message): "inference failed: \(message)"
        }
    }
}

extension PipelineError {
    /// The error's canonical code, as MediaPipe's and ML Kit's (gRPC's) status codes number
    /// them: 3 invalid argument (a bad option, image or model file), 5 not found (no model file),
    /// 13 internal (inference failed).
    public var canonicalCode: Int {
        switch self {
        case .invalidArgument, .invalidModel: 3
        case .modelNotFound: 5
        case .inference: 13
        }
    }
}

import Foundation
import Inference

/// Options shared by every task: which model file to load and where it runs.
///
/// A class, so `options.baseOptions.modelAssetPath = path` works in place, as on iOS. `copy()`
/// returns an independent copy.
public final class BaseOptions: NSObject, NSCopying {
    /// Path of the model file: a `.task` bundle or, for the face detector, a `.tflite` model.
    /// Default `""` (which fails at task creation with MediaPipe's INVALID_ARGUMENT message).
    public var modelAssetPath: String = ""

    /// The processor to run on. Default ``Delegate/CPU``; ``Delegate/GPU`` runs on the CPU here
    /// (see ``Delegate``).
    public var delegate: Delegate = .CPU

    /// VisionTasks extension: the CPU kernels. Default ``InferenceBackend/fastest``: XNNPACK,
    /// unless the package was built without it.
    public var inferenceBackend: InferenceBackend = .fastest

    /// VisionTasks extension: threads the XNNPACK or built-in kernels may use per model (at least 1; values
    /// below 1 count as 1). Default: the processors this process may use, at most 4. Results do
    /// not depend on it.
    public var threadCount: Int = InterpreterOptions.defaultThreadCount

    /// Default options: empty model path, CPU.
    override public init() {
        super.init()
    }

    public func copy(with zone: NSZone? = nil) -> Any { copied() }

    /// A typed independent copy.
    func copied() -> BaseOptions {
        let copy = BaseOptions()
        copy.modelAssetPath = modelAssetPath
        copy.delegate = delegate
        copy.inferenceBackend = inferenceBackend
        copy.threadCount = threadCount
        return copy
    }
}

import Foundation
import Inference
import Locking

/// The shared engine room of the ML Kit and Firebase detectors: builds an `MLKitFaceAnalyzer`
/// on first use (so that the non-throwing factories can report a missing model as an error of
/// the first call), serialises calls with a lock, runs asynchronous requests on its own serial
/// queue and delivers their completions on ``completionQueue`` (the main queue, as both SDKs
/// document, when the program runs it: see ``MainQueueDelivery``).
public final class MLKitDetectorCore: @unchecked Sendable {
    public let options: MLKitFaceOptions
    /// The serial queue that asynchronous requests run on.
    public let queue: DispatchQueue
    /// Where completions of asynchronous requests run.
    public let completionQueue: DispatchQueue
    /// The model bundle and engine; nil: `MLKitModelLocation`'s, read on the first call.
    private let bundlePath: String?
    private let engine: InterpreterOptions?
    /// Made on the first call; the lock serialises the calls.
    private let analyzer = Locked<MLKitFaceAnalyzer?>(nil)

    public init(options: MLKitFaceOptions, label: String, bundlePath: String? = nil, engine: InterpreterOptions? = nil,
                completionQueue: DispatchQueue = .main) {
        self.options = options
        self.queue = DispatchQueue(label: label)
        self.bundlePath = bundlePath
        self.engine = engine
        self.completionQueue = completionQueue
    }

    /// Runs the analyzer on `image` on the calling thread (one call at a time per core).
    public func analyze(_ image: PipelineImage) throws(PipelineError) -> [MLKitFaceResult] {
        try analyzer.withLock { (analyzer: inout MLKitFaceAnalyzer?) throws(PipelineError) in
            if analyzer == nil {
                analyzer = try MLKitFaceAnalyzer(bundlePath: bundlePath ?? MLKitModelLocation.bundlePath, options: options,
                                                 engine: engine ?? MLKitModelLocation.engine)
            }
            guard let analyzer else { throw .inference("the face analyzer could not be created") }
            return try analyzer.analyze(image)
        }
    }

    /// Runs `work` on the serial queue, then `completion` with its result on ``completionQueue``.
    /// The boxes carry non-Sendable values (ML Kit's completion blocks capture UI objects); it is
    /// safe because each is used exactly once, on one queue at a time.
    public func enqueue<Output>(_ work: @escaping () throws -> Output, completion: @escaping (Output?, (any Error)?) -> Void) {
        let box = UncheckedSendable((work, completion))
        let completionQueue = self.completionQueue
        queue.async {
            let outcome = UncheckedSendable(Result { try box.value.0() })
            let deliver = UncheckedSendable({
                switch outcome.value {
                case .success(let output): box.value.1(output, nil)
                case .failure(let error): box.value.1(nil, error)
                }
            })
            if completionQueue === DispatchQueue.main {
                MainQueueDelivery.main.deliver(deliver, fallback: self.queue)
            } else {
                completionQueue.async { deliver.value() }
            }
        }
    }
}

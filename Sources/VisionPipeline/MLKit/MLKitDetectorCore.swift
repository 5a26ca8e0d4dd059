import Foundation
import Locking

/// The shared engine room of the ML Kit and Firebase detectors: builds an `MLKitFaceAnalyzer`
/// on first use (so that the non-throwing factories can report a missing model as an error of
/// the first call), serialises calls with a lock, and runs asynchronous requests on its own
/// serial queue.
///
/// Linux has no main thread rule: `analyze` may be called on any thread, including the main one,
/// and asynchronous completions run on this core's serial queue, not on the main thread.
public final class MLKitDetectorCore: @unchecked Sendable {
    public let options: MLKitFaceOptions
    /// The serial queue that asynchronous requests and their completions run on.
    public let queue: DispatchQueue
    /// Made on the first call; the lock serialises the calls.
    private let analyzer = Locked<MLKitFaceAnalyzer?>(nil)

    public init(options: MLKitFaceOptions, label: String) {
        self.options = options
        self.queue = DispatchQueue(label: label)
    }

    /// Runs the analyzer on `image` on the calling thread (one call at a time per core).
    public func analyze(_ image: PipelineImage) throws(PipelineError) -> [MLKitFaceResult] {
        try analyzer.withLock { (analyzer: inout MLKitFaceAnalyzer?) throws(PipelineError) in
            if analyzer == nil {
                analyzer = try MLKitFaceAnalyzer(bundlePath: MLKitModelLocation.bundlePath, options: options,
                                                 engine: MLKitModelLocation.engine)
            }
            guard let analyzer else { throw .inference("the face analyzer could not be created") }
            return try analyzer.analyze(image)
        }
    }

    /// Runs `work` on the serial queue. The box carries non-Sendable callbacks (ML Kit's completion
    /// blocks capture UI objects); it is safe because each is called exactly once, on that queue.
    public func enqueue(_ work: @escaping () -> Void) {
        let box = UncheckedSendable(work)
        queue.async { box.value() }
    }
}


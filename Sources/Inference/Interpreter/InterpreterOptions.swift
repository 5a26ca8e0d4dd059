import Foundation

/// How an ``Interpreter`` runs a model.
public struct InterpreterOptions: Sendable, Hashable {
    /// Which kernels run the operators.
    public enum Backend: String, Sendable, Hashable, CaseIterable {
        /// Portable Swift kernels for every operator: simple and plainly correct. Single-threaded.
        case reference
        /// XNNPACK for the operators it runs, falling back op by op to our own kernels. Only in
        /// builds with the package trait `XNNPACK` (the default); elsewhere an interpreter asked
        /// for it throws ``InferenceError/backendUnavailable(name:)``.
        case xnnpack
        /// Our own kernels alone, in every build: the C kernels for every convolution, fully
        /// connected layer, resize and LOGISTIC (AVX-512 or AVX2 with FMA chosen at run time,
        /// portable C elsewhere), the faster Swift kernels, and the reference kernels for the
        /// rest. Multi-threaded like ``xnnpack``, and with its results bit for bit on AVX2
        /// processors (docs/platforms.md §2).
        case builtIn = "built-in"

        /// The fastest backend of this build: ``xnnpack``, or ``builtIn`` without the `XNNPACK`
        /// trait. The default.
        public static var fastest: Backend {
            #if XNNPACK
            .xnnpack
            #else
            .builtIn
            #endif
        }
    }

    public var backend: Backend
    /// Threads the XNNPACK and built-in backends may use (at least 1). The reference backend uses one.
    /// Results do not depend on it.
    public var threadCount: Int
    /// Positions in the model's output list of outputs the caller will not read. The operators
    /// that only serve them are not run, and these outputs read as zeros.
    public var skippedOutputs: Set<Int>
    /// The first input's shape (NHWC for images) when it is not the model's: a fully
    /// convolutional model, such as a detector, then runs on a larger picture in one pass. Every
    /// activation's shape follows from it (docs/engine.md §2, step 6); loading throws
    /// ``InferenceError/invalidGraph(detail:)`` when the model cannot take it. `nil`: the model's.
    public var inputShape: [Int]?

    /// The default ``threadCount``: the processors this process may use (``UsableProcessors``), at most 4 (these models
    /// gain little from more). Interpreters of one thread count share one pool process-wide, and a
    /// loop that finds the pool busy runs on its caller, so many interpreters on many threads do
    /// not multiply the worker threads.
    public static let defaultThreadCount = defaultThreadCount(leavingBusy: 0)

    /// The default ``threadCount`` beside `busy` cores that the caller keeps busy itself: the other
    /// usable processors, at least 1 and at most 4.
    public static func defaultThreadCount(leavingBusy busy: Int) -> Int {
        max(1, min(UsableProcessors.count - busy, 4))
    }

    public init(backend: Backend = .fastest, threadCount: Int = InterpreterOptions.defaultThreadCount,
                skippedOutputs: Set<Int> = [], inputShape: [Int]? = nil) {
        self.backend = backend
        self.threadCount = threadCount
        self.skippedOutputs = skippedOutputs
        self.inputShape = inputShape
    }
}

/// How an ``Interpreter`` runs a model.
public struct InterpreterOptions: Sendable, Hashable {
    /// Which kernels run the operators.
    public enum Backend: String, Sendable, Hashable, CaseIterable {
        /// Portable Swift kernels for every operator: simple and plainly correct. Single-threaded.
        case reference
        /// XNNPACK for the operators it runs, falling back op by op to Swift kernels.
        case xnnpack
    }

    public var backend: Backend
    /// Threads the XNNPACK backend may use (at least 1). The reference backend uses one.
    public var threadCount: Int
    /// Positions in the model's output list of outputs the caller will not read. The operators
    /// that only serve them are not run, and these outputs read as zeros.
    public var skippedOutputs: Set<Int>

    public init(backend: Backend = .xnnpack, threadCount: Int = 1, skippedOutputs: Set<Int> = []) {
        self.backend = backend
        self.threadCount = threadCount
        self.skippedOutputs = skippedOutputs
    }
}

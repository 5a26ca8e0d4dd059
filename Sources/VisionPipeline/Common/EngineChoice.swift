import Inference

/// Which inference backend and how many threads a graph's interpreters use.
///
/// Maps one-to-one to `Inference.InterpreterOptions`.
public struct EngineChoice: Sendable, Hashable {
    /// The kernel backend (`.xnnpack` by default; `.reference` is the plain, slow one).
    public var backend: InterpreterOptions.Backend = .xnnpack
    /// Threads each interpreter may use (at least 1); by default the processors this process may
    /// use, at most 4 (``InterpreterOptions/defaultThreadCount``).
    public var threadCount: Int = InterpreterOptions.defaultThreadCount

    public init(backend: InterpreterOptions.Backend = .xnnpack, threadCount: Int = InterpreterOptions.defaultThreadCount) {
        self.backend = backend
        self.threadCount = threadCount
    }

    /// The interpreter options this choice stands for.
    public var interpreterOptions: InterpreterOptions {
        InterpreterOptions(backend: backend, threadCount: max(1, threadCount))
    }
}

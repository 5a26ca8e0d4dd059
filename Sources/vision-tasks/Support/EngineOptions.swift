import Inference

/// The engine options of every model-running command: `--backend` and `--threads`.
enum EngineOptions {
    static let backend = Option<InterpreterOptions.Backend>.choice(
        "backend", ["xnnpack": .xnnpack, "built-in": .builtIn, "reference": .reference], default: .fastest,
        help: "the CPU kernels: XNNPACK with our own kernels (not in builds without the XNNPACK trait), our own kernels alone, or the plain reference kernels")
    static let threads = Option<Int?>.optionalInteger(
        "threads", in: 1...64,
        defaultText: "the processors available, at most 4; 1 with --jobs N > 1 (each worker keeps a core busy); one fewer with an --overlay OUT.mp4, whose decoding, drawing and encoding keep one core busy",
        help: "inference threads per model")

    static let declarations = [backend.declaration, threads.declaration]

    /// The engine the flags ask for; without `--threads`, `defaultThreadCount` threads.
    static func parse(_ arguments: ArgumentList, defaultThreadCount: Int = InterpreterOptions.defaultThreadCount) throws(UsageError)
        -> InterpreterOptions {
        InterpreterOptions(backend: try arguments.value(backend), threadCount: try arguments.value(threads) ?? defaultThreadCount)
    }
}

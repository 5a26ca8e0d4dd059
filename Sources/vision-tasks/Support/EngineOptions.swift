import Inference

/// The engine options every model-running command takes: `--backend` and `--threads`.
enum EngineOptions {
    static let valueOptions: Set<String> = ["backend", "threads"]

    static let help = """
          --backend NAME     xnnpack (default) or reference
          --threads N        threads for XNNPACK (default: the processors available, at
                             most 4; 1 when the command keeps the other cores busy itself:
                             --jobs N > 1, or an --overlay OUT.mp4 drawn and encoded alongside)
        """

    static func parse(_ arguments: ArgumentList) throws(UsageError) -> InterpreterOptions {
        let backend = try arguments.value("backend", default: InterpreterOptions.Backend.xnnpack) {
            InterpreterOptions.Backend(rawValue: $0)
        }
        let workers = arguments.value("jobs").flatMap { Int($0) } ?? 1
        let encodesVideo = arguments.value("overlay")?.lowercased().hasSuffix(".mp4") ?? false
        let defaultThreads = workers > 1 || encodesVideo ? 1 : InterpreterOptions.defaultThreadCount
        let threads = try arguments.value("threads", default: defaultThreads) {
            Int($0).flatMap { (1...64).contains($0) ? $0 : nil }
        }
        return InterpreterOptions(backend: backend, threadCount: threads)
    }
}

/// The hardware that runs a task's models (MediaPipe's `Delegate`, with its upper-case case names).
///
/// **Linux/VisionTasks note:** there is no GPU path. `.GPU` is accepted so that code written for
/// iOS compiles and runs unchanged, and it runs on the CPU exactly like `.CPU` (same kernels, same
/// results). ``BaseOptions/inferenceBackend`` and ``BaseOptions/threadCount`` choose how the CPU
/// work is done.
public enum Delegate: UInt, Sendable, CaseIterable {
    /// Run the models on the CPU (XNNPACK). The default.
    case CPU = 0
    /// Run the models on the GPU. Not available here: treated as ``CPU``.
    case GPU = 1
}

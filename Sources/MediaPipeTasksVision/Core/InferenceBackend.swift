/// VisionTasks extension: which CPU kernels run the models (see ``BaseOptions/inferenceBackend``).
public enum InferenceBackend: UInt, Sendable, CaseIterable {
    /// XNNPACK for the operators it supports, falling back to portable Swift kernels. The default,
    /// and what MediaPipe uses on the CPU.
    case xnnpack = 0
    /// Portable Swift kernels for every operator: slower, single-threaded, plainly correct.
    case reference = 1
}

import Inference

/// VisionTasks extension: which CPU kernels run the models (see ``BaseOptions/inferenceBackend``).
public enum InferenceBackend: UInt, Sendable, CaseIterable {
    /// XNNPACK for the operators it supports, with our own kernels for the rest; what MediaPipe
    /// uses on the CPU. The default, in builds with the package trait `XNNPACK`; without it, tasks
    /// given this backend fail to load.
    case xnnpack = 0
    /// Portable Swift kernels for every operator: slower, single-threaded, plainly correct.
    case reference = 1
    /// Our own kernels alone (C convolution kernels and Swift kernels), in every build; the
    /// default without the `XNNPACK` trait.
    case builtIn = 2

    /// The fastest backend of this build: ``xnnpack``, or ``builtIn`` without the `XNNPACK` trait.
    public static var fastest: InferenceBackend { InferenceBackend(.fastest) }

    /// The case that names the engine's `backend`.
    package init(_ backend: InterpreterOptions.Backend) {
        self = switch backend {
        case .xnnpack: .xnnpack
        case .reference: .reference
        case .builtIn: .builtIn
        }
    }

    /// The engine's backend this case names.
    var interpreterBackend: InterpreterOptions.Backend {
        switch self {
        case .xnnpack: .xnnpack
        case .reference: .reference
        case .builtIn: .builtIn
        }
    }
}

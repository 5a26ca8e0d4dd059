#if XNNPACK
import CXNNPACK

/// XNNPACK's process-wide state: `xnn_initialize` runs once, on first use, and is never undone
/// (kernels may outlive any single interpreter).
enum XNNPACKRuntime {
    /// The status of the one `xnn_initialize` call. Swift runs a global's initializer exactly once,
    /// thread-safely.
    private static let initializationStatus: xnn_status = xnn_initialize(nil)

    /// Initializes XNNPACK if needed; throws when this processor is not supported.
    static func ensureInitialized() throws(InferenceError) {
        try XNNPACKStatus.check(initializationStatus, during: "xnn_initialize")
    }
}
#endif

#if XNNPACK
import CXNNPACK

/// Owns a compiled `xnn_runtime_t` (packed weights, planned workspace).
final class XNNPACKCompiledRuntime {
    let handle: xnn_runtime_t
    /// Kept alive as long as the runtime: XNNPACK holds the raw pthreadpool, and destroying it
    /// under a live runtime leaves `xnn_invoke_runtime` waiting forever for workers that are gone.
    private let threadPool: ThreadPool

    init(subgraph: XNNPACKSubgraph, threadPool: ThreadPool, flags: UInt32) throws(InferenceError) {
        var runtime: xnn_runtime_t?
        try XNNPACKStatus.check(xnn_create_runtime_v2(subgraph.handle, threadPool.pool, flags, &runtime), during: "creating a runtime")
        guard let runtime else {
            throw InferenceError.xnnpack(status: Int(xnn_status_out_of_memory.rawValue), during: "creating a runtime")
        }
        handle = runtime
        self.threadPool = threadPool
    }

    deinit { xnn_delete_runtime(handle) }
}
#endif

#if XNNPACK
import CXNNPACK

/// Owns an `xnn_subgraph_t` while nodes are defined into it.
final class XNNPACKSubgraph {
    let handle: xnn_subgraph_t

    init(externalValueCount: Int) throws(InferenceError) {
        try XNNPACKRuntime.ensureInitialized()
        var subgraph: xnn_subgraph_t?
        try XNNPACKStatus.check(xnn_create_subgraph(UInt32(externalValueCount), 0, &subgraph), during: "creating a subgraph")
        guard let subgraph else {
            throw InferenceError.xnnpack(status: Int(xnn_status_out_of_memory.rawValue), during: "creating a subgraph")
        }
        handle = subgraph
    }

    deinit { xnn_delete_subgraph(handle) }
}
#endif

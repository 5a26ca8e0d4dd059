#if XNNPACK
import CXNNPACK

/// Maps XNNPACK status codes to ``InferenceError/xnnpack(status:during:)``.
enum XNNPACKStatus {
    /// The name of a status as XNNPACK's header spells it.
    static func name(of status: xnn_status) -> String {
        switch status {
        case xnn_status_success: "success"
        case xnn_status_uninitialized: "uninitialized"
        case xnn_status_invalid_parameter: "invalid parameter"
        case xnn_status_invalid_state: "invalid state"
        case xnn_status_unsupported_parameter: "unsupported parameter"
        case xnn_status_unsupported_hardware: "unsupported hardware"
        case xnn_status_out_of_memory: "out of memory"
        default: "unknown status \(status.rawValue)"
        }
    }

    /// Throws unless `status` is success. `during` says what was being done, for the message.
    static func check(_ status: xnn_status, during: @autoclosure () -> String) throws(InferenceError) {
        guard status != xnn_status_success else { return }
        throw InferenceError.xnnpack(status: Int(status.rawValue), during: "\(during()) (\(name(of: status)))")
    }
}
#endif

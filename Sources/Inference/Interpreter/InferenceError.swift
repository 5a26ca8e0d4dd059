/// Why a model could not be prepared or run. Every case names what is wrong and, for graph
/// problems, the operator (by its TFLite name) and its index in the model.
public enum InferenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The model uses an operator the engine does not run (checked at load).
    case unsupportedOperator(name: String, node: Int)
    /// A tensor has an element type the engine cannot use where it appears.
    case unsupportedTensorType(tensor: String, type: String, detail: String)
    /// The model's structure is broken or outside what the engine supports (no subgraph, bad
    /// tensor index, cycle, a tensor written twice, ...).
    case invalidGraph(detail: String)
    /// An operator's inputs, outputs or options are invalid for that operator.
    case invalidNode(op: String, node: Int, detail: String)
    /// The shape the engine computes for an operator's output differs from the one the model declares.
    case shapeMismatch(op: String, node: Int, tensor: String, declared: [Int], computed: [Int])
    /// An input or output index outside `0..<count`.
    case tensorIndexOutOfRange(index: Int, count: Int)
    /// Input data whose element count differs from the input tensor's.
    case inputSizeMismatch(index: Int, expected: Int, actual: Int)
    /// The chosen backend is not available in this build (``InterpreterOptions/Backend/xnnpack``
    /// where the package was built without its `XNNPACK` trait).
    case backendUnavailable(name: String)
    /// The threads of a pool of `threads` threads could not be made.
    case threadPoolUnavailable(threads: Int)
    /// An XNNPACK call failed: `status` is its `xnn_status` code, `during` names the call.
    case xnnpack(status: Int, during: String)

    public var description: String {
        switch self {
        case .unsupportedOperator(let name, let node):
            "unsupported operator \(name) (node \(node))"
        case .unsupportedTensorType(let tensor, let type, let detail):
            "tensor '\(tensor)' has unsupported type \(type): \(detail)"
        case .invalidGraph(let detail):
            "invalid graph: \(detail)"
        case .invalidNode(let op, let node, let detail):
            "\(op) (node \(node)): \(detail)"
        case .shapeMismatch(let op, let node, let tensor, let declared, let computed):
            "\(op) (node \(node)): output '\(tensor)' is declared \(declared) but computes to \(computed)"
        case .tensorIndexOutOfRange(let index, let count):
            "tensor index \(index) out of range 0..<\(count)"
        case .inputSizeMismatch(let index, let expected, let actual):
            "input \(index) takes \(expected) values, got \(actual)"
        case .backendUnavailable(let name):
            "backend '\(name)' is not available in this build (built without its package trait)"
        case .threadPoolUnavailable(let threads):
            "the threads of a pool of \(threads) could not be made"
        case .xnnpack(let status, let during):
            "XNNPACK failed with status \(status) during \(during)"
        }
    }
}

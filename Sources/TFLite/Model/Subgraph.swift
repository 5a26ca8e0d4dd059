/// A graph of operators over tensors. The models we run have one subgraph.
public struct Subgraph: Hashable, Sendable {
    public var tensors: [Tensor]
    /// Tensor indices of the graph inputs, in order.
    public var inputs: [Int]
    /// Tensor indices of the graph outputs, in order.
    public var outputs: [Int]
    /// Operators in execution order (the schema requires a topological order).
    public var operators: [Operator]
    public var name: String

    public init(tensors: [Tensor], inputs: [Int], outputs: [Int], operators: [Operator], name: String = "") {
        self.tensors = tensors
        self.inputs = inputs
        self.outputs = outputs
        self.operators = operators
        self.name = name
    }
}

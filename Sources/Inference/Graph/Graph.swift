/// The engine's form of a model: float32 activations, folded constants, and nodes in execution
/// order. Built from a `TFLite.Model` by ``Graph/init(model:)``, which checks every node.
package struct Graph: Hashable, Sendable {
    package var tensors: [GraphTensor]
    /// Nodes in execution order.
    package var nodes: [Node]
    /// Tensor indices of the graph inputs, in the model's order.
    package var inputs: [Int]
    /// Tensor indices of the graph outputs, in the model's order.
    package var outputs: [Int]
    /// Tensor indices of graph outputs that no node writes because the caller does not read them
    /// (see ``pruned(skippingOutputs:)``); they stay all zeros.
    package var skippedOutputs: Set<Int> = []

    package init(tensors: [GraphTensor], nodes: [Node], inputs: [Int], outputs: [Int]) {
        self.tensors = tensors
        self.nodes = nodes
        self.inputs = inputs
        self.outputs = outputs
    }
}

extension Graph {
    /// This graph with every constant's values dropped (each stays a constant, of no values): for
    /// an interpreter whose arena and kernels hold their own copies, so that the model's weights
    /// are not kept twice more in memory.
    package func releasingConstantValues() -> Graph {
        var graph = self
        for index in graph.tensors.indices {
            switch graph.tensors[index].constant {
            case .float32: graph.tensors[index].constant = .float32([])
            case .int32: graph.tensors[index].constant = .int32([])
            case nil: break
            }
        }
        return graph
    }
}

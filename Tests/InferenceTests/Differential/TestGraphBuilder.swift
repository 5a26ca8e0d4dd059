import Inference
import TFLite

/// Builds small graphs for kernel tests. Output shapes come from the engine's shape rules, so a
/// test never states a shape the engine would reject.
struct TestGraphBuilder {
    private(set) var tensors: [GraphTensor] = []
    private(set) var nodes: [Node] = []
    private(set) var inputs: [Int] = []

    /// A graph input (float32 activation).
    mutating func input(_ shape: [Int]) -> Int {
        tensors.append(GraphTensor(name: "in\(inputs.count)", shape: shape, type: .float32, isGraphInput: true))
        inputs.append(tensors.count - 1)
        return tensors.count - 1
    }

    mutating func constant(_ values: [Float], _ shape: [Int]) -> Int {
        tensors.append(GraphTensor(name: "c\(tensors.count)", shape: shape, type: .float32, constant: .float32(values)))
        return tensors.count - 1
    }

    mutating func constant(int32 values: [Int32], _ shape: [Int]) -> Int {
        tensors.append(GraphTensor(name: "i\(tensors.count)", shape: shape, type: .int32, constant: .int32(values)))
        return tensors.count - 1
    }

    /// Appends a node and returns its output tensor, whose shape the engine computes.
    mutating func node(_ op: BuiltinOperator, _ options: OperatorOptions = .none, _ nodeInputs: [Int]) throws -> Int {
        let output = tensors.count
        tensors.append(GraphTensor(name: "t\(output)", shape: [], type: .float32))
        let node = Node(index: nodes.count, op: op, options: options, inputs: nodeInputs, outputs: [output])
        tensors[output].shape = try Graph.outputShapes(of: node, tensors: tensors)[0]
        nodes.append(node)
        return output
    }

    func shape(_ t: Int) -> [Int] { tensors[t].shape }

    /// The checked graph with `outputs` as its outputs.
    func graph(outputs: [Int]) throws -> Graph {
        var tensors = tensors
        for t in outputs { tensors[t].isGraphOutput = true }
        return try Graph(checking: Graph(tensors: tensors, nodes: nodes, inputs: inputs, outputs: outputs))
    }
}

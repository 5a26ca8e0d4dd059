import Inference
import TFLite

/// One input of a single-node test graph.
package enum SingleNodeInput: Sendable {
    /// A graph input (activation) with these values.
    case activation(shape: [Int], values: [Float])
    /// A float32 constant (weights, bias, alpha).
    case constant(shape: [Int], values: [Float])
    /// An int32 constant (shape, axis, paddings, begin/end/strides, size vectors).
    case int32(shape: [Int], values: [Int32])
    /// An omitted optional input (`-1`).
    case omitted
}

/// The outputs of a single-node run.
package struct SingleNodeResult: Sendable {
    /// Output shapes as computed by the graph builder.
    package var shapes: [[Int]]
    /// Output values, row-major.
    package var values: [[Float]]
    /// The backend that made the kernel.
    package var backend: String
}

/// Builds a graph of one `op` node over `inputs` (output shapes computed by the engine), runs it
/// once on `backend`, and returns the outputs. Throws when the node is invalid or `backend` does
/// not run it (no fallback), so differential tests really exercise the backend under test.
package func runSingleNode(
    op: BuiltinOperator, options: OperatorOptions = .none, inputs: [SingleNodeInput],
    outputCount: Int = 1, backend: any Backend = ReferenceBackend(), threadCount: Int = 1
) throws -> SingleNodeResult {
    var tensors: [GraphTensor] = []
    var nodeInputs: [Int] = []
    var graphInputs: [Int] = []
    var feeds: [[Float]] = []
    for (i, input) in inputs.enumerated() {
        switch input {
        case .activation(let shape, let values):
            graphInputs.append(tensors.count)
            feeds.append(values)
            nodeInputs.append(tensors.count)
            tensors.append(GraphTensor(name: "input\(i)", shape: shape, type: .float32, isGraphInput: true))
        case .constant(let shape, let values):
            nodeInputs.append(tensors.count)
            tensors.append(GraphTensor(name: "constant\(i)", shape: shape, type: .float32, constant: .float32(values)))
        case .int32(let shape, let values):
            nodeInputs.append(tensors.count)
            tensors.append(GraphTensor(name: "constant\(i)", shape: shape, type: .int32, constant: .int32(values)))
        case .omitted:
            nodeInputs.append(-1)
        }
        if let constant = tensors.last?.constant, nodeInputs.last != -1, constant.count != tensors[tensors.count - 1].elementCount {
            throw InferenceError.invalidGraph(detail: "input \(i) has \(constant.count) values for shape \(tensors[tensors.count - 1].shape)")
        }
    }
    let outputs = Array(tensors.count..<tensors.count + outputCount)
    for i in 0..<outputCount {
        tensors.append(GraphTensor(name: "output\(i)", shape: [], type: .float32, isGraphOutput: true))
    }
    let node = Node(index: 0, op: op, options: options, inputs: nodeInputs, outputs: outputs)
    let shapes = try Graph.outputShapes(of: node, tensors: tensors)
    guard shapes.count == outputCount else {
        throw InferenceError.invalidNode(op: op.name, node: 0, detail: "has \(shapes.count) outputs, expected \(outputCount)")
    }
    for (output, shape) in zip(outputs, shapes) { tensors[output].shape = shape }
    let graph = try Graph(checking: Graph(tensors: tensors, nodes: [node], inputs: graphInputs, outputs: node.outputs))

    let interpreter = try Interpreter(graph: graph, backends: [OnlyBackend(backend)], threadCount: threadCount)
    for (i, values) in feeds.enumerated() { try interpreter.copyInput(values, at: i) }
    try interpreter.invoke()
    return SingleNodeResult(
        shapes: shapes,
        values: shapes.indices.map { interpreter.output(at: $0) },
        backend: interpreter.kernelAssignments.first?.backend ?? "none")
}

/// Wraps a backend so that declining a node is an error instead of a fallback.
private struct OnlyBackend: Backend {
    let wrapped: any Backend
    init(_ wrapped: any Backend) { self.wrapped = wrapped }
    var name: String { wrapped.name }
    func makeKernel(for context: KernelContext) throws -> (any Kernel)? {
        guard let kernel = try wrapped.makeKernel(for: context) else {
            throw InferenceError.invalidNode(op: context.node.op.name, node: context.node.index, detail: "backend \(wrapped.name) does not run this node")
        }
        return kernel
    }
}

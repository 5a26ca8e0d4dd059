import TFLite

extension Graph {
    /// Builds the graph of `model`'s first subgraph and checks it completely.
    ///
    /// - Constant DEQUANTIZE (fp16 to fp32) and DENSIFY (sparse to dense) nodes are evaluated once
    ///   here and disappear; their outputs become constants.
    /// - PADs of rows and columns are folded into the convolution that reads them
    ///   (``foldingSpatialPads()``), and RELUs into the convolution or ADD before them
    ///   (``foldingActivations()``).
    /// - Every remaining node must be a supported operator with valid arity, types and options;
    ///   its output shapes are computed and must equal the shapes the model declares.
    /// - Tensors are renumbered: the graph holds only the tensors its nodes, inputs and outputs use.
    package init(model: Model) throws {
        guard let subgraph = model.subgraphs.first else {
            throw InferenceError.invalidGraph(detail: "the model has no subgraph")
        }
        let modelTensors = subgraph.tensors
        func checkIndex(_ index: Int, _ what: String) throws {
            guard modelTensors.indices.contains(index) else {
                throw InferenceError.invalidGraph(detail: "\(what) refers to tensor \(index) of \(modelTensors.count)")
            }
        }
        for index in subgraph.inputs { try checkIndex(index, "graph input") }
        for index in subgraph.outputs { try checkIndex(index, "graph output") }

        // 1. Constants as stored in the file, then fold DEQUANTIZE / DENSIFY in order.
        var folder = try ConstantFolder(model: model, subgraph: subgraph)
        var kept: [(index: Int, op: TFLite.Operator, code: BuiltinOperator)] = []
        for (index, op) in subgraph.operators.enumerated() {
            guard model.operatorCodes.indices.contains(op.opcodeIndex) else {
                throw InferenceError.invalidGraph(detail: "node \(index) has operator code \(op.opcodeIndex) of \(model.operatorCodes.count)")
            }
            for tensor in op.inputs where tensor != -1 { try checkIndex(tensor, "node \(index) input") }
            for tensor in op.outputs { try checkIndex(tensor, "node \(index) output") }
            let code = model.operatorCodes[op.opcodeIndex].builtin
            if try folder.fold(op: op, code: code, node: index) { continue }
            kept.append((index, op, code))
        }

        // 2. Renumber the tensors the remaining graph uses.
        var newIndex = [Int: Int]()
        var tensors: [GraphTensor] = []
        func use(_ old: Int) throws -> Int {
            if let index = newIndex[old] { return index }
            let source = modelTensors[old]
            let tensor = try folder.graphTensor(for: old, source: source)
            newIndex[old] = tensors.count
            tensors.append(tensor)
            return tensors.count - 1
        }
        let inputs = try subgraph.inputs.map(use)
        let outputs = try subgraph.outputs.map(use)
        var nodes: [Node] = []
        for (index, op, code) in kept {
            let nodeInputs = try op.inputs.map { $0 == -1 ? -1 : try use($0) }
            let nodeOutputs = try op.outputs.map(use)
            nodes.append(Node(index: index, op: code, options: op.options, inputs: nodeInputs, outputs: nodeOutputs))
        }
        for input in inputs {
            if tensors[input].isConstant {
                throw InferenceError.invalidGraph(detail: "graph input '\(tensors[input].name)' is a constant")
            }
            tensors[input].isGraphInput = true
        }
        for output in outputs { tensors[output].isGraphOutput = true }

        try self.init(checking: Graph(tensors: tensors, nodes: nodes, inputs: inputs, outputs: outputs).foldingSpatialPads().foldingActivations())
    }

    /// Checks data flow (every activation written exactly once, before it is read) and every
    /// node's operator, arity, types, options and output shapes. Returns the checked graph.
    package init(checking graph: Graph) throws {
        var written = [Bool](repeating: false, count: graph.tensors.count)
        for input in graph.inputs { written[input] = true }
        for node in graph.nodes {
            let op = node.op.name
            for input in node.inputs where input != -1 {
                guard graph.tensors.indices.contains(input) else {
                    throw InferenceError.invalidGraph(detail: "\(op) (node \(node.index)) reads tensor \(input) of \(graph.tensors.count)")
                }
                guard graph.tensors[input].isConstant || written[input] else {
                    throw InferenceError.invalidGraph(detail: "\(op) (node \(node.index)) reads '\(graph.tensors[input].name)' before it is written")
                }
            }
            for output in node.outputs {
                guard graph.tensors.indices.contains(output) else {
                    throw InferenceError.invalidGraph(detail: "\(op) (node \(node.index)) writes tensor \(output) of \(graph.tensors.count)")
                }
                guard !graph.tensors[output].isConstant, !written[output] else {
                    throw InferenceError.invalidGraph(detail: "\(op) (node \(node.index)) writes '\(graph.tensors[output].name)', which is a constant or already written")
                }
                written[output] = true
            }
            let shapes = try Graph.outputShapes(of: node, tensors: graph.tensors)
            guard shapes.count == node.outputs.count else {
                throw InferenceError.invalidNode(op: op, node: node.index, detail: "expected \(shapes.count) outputs, got \(node.outputs.count)")
            }
            for (output, shape) in zip(node.outputs, shapes) {
                let declared = graph.tensors[output].shape
                guard declared == shape else {
                    throw InferenceError.shapeMismatch(op: op, node: node.index, tensor: graph.tensors[output].name, declared: declared, computed: shape)
                }
                guard graph.tensors[output].type == .float32 else {
                    throw InferenceError.unsupportedTensorType(tensor: graph.tensors[output].name, type: "int32", detail: "\(op) (node \(node.index)) produces float32")
                }
            }
        }
        for output in graph.outputs where !written[output] && !graph.tensors[output].isConstant {
            throw InferenceError.invalidGraph(detail: "graph output '\(graph.tensors[output].name)' is never written")
        }
        self = graph
    }
}

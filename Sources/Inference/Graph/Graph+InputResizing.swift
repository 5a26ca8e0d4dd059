import TFLite

extension Graph {
    /// This graph with its first input resized to `shape` (NHWC), every activation's shape
    /// computed again from it: a fully convolutional detector runs on a larger picture in one
    /// pass (docs/engine.md §2.4).
    ///
    /// Shapes follow the operators' own rules, with two rewrites where a model stores a size:
    /// - a RESIZE_BILINEAR keeps its scale factor: its stored output size is multiplied by the
    ///   ratio of its new input size to its old one (which must divide exactly);
    /// - a RESHAPE that keeps its first and last dimensions has the dimensions between inferred,
    ///   when a single one of them must absorb the change (`[1, 512, 16]` becomes `[1, -1, 16]`).
    ///
    /// Throws ``InferenceError/invalidGraph(detail:)`` when the graph cannot take the new shape
    /// (an operator whose output size would not be whole, a RESHAPE of another form, a shape that
    /// does not fit a fully connected layer).
    package func resizingInput(to shape: [Int]) throws -> Graph {
        guard let input = inputs.first else {
            throw InferenceError.invalidGraph(detail: "the graph has no input to resize")
        }
        let old = tensors[input].shape
        guard shape.count == old.count, shape.allSatisfy({ $0 > 0 }) else {
            throw InferenceError.invalidGraph(detail: "cannot resize input \(old) to \(shape): same rank and positive sizes required")
        }
        guard shape != old else { return self }
        var graph = self
        graph.tensors[input].shape = shape
        for position in graph.nodes.indices {
            let node = graph.nodes[position]
            switch node.op {
            case .resizeBilinear: try graph.keepScale(ofResizeAt: position, from: self)
            case .reshape: try graph.inferMiddle(ofReshapeAt: position, from: self)
            default: break
            }
            let shapes: [[Int]]
            do {
                shapes = try graph.outputShapes(of: graph.nodes[position])
            } catch {
                throw InferenceError.invalidGraph(detail: "resizing the input to \(shape): \(node.op.name) (node \(node.index)): \(error)")
            }
            for (output, computed) in zip(node.outputs, shapes) { graph.tensors[output].shape = computed }
        }
        return try Graph(checking: graph)
    }

    /// Gives the RESIZE_BILINEAR at `position` a new constant size: the original's output size
    /// times the ratio of the input's new height and width to `original`'s.
    private mutating func keepScale(ofResizeAt position: Int, from original: Graph) throws {
        let node = nodes[position]
        let before = original.tensors[node.inputs[0]].shape, after = tensors[node.inputs[0]].shape
        let output = original.tensors[node.outputs[0]].shape
        guard before.count == 4, after.count == 4, output.count == 4 else {
            throw InferenceError.invalidGraph(detail: "RESIZE_BILINEAR (node \(node.index)) is not on NHWC tensors")
        }
        var size: [Int32] = []
        for axis in 1...2 {
            let scaled = output[axis] * after[axis]
            guard scaled % before[axis] == 0 else {
                throw InferenceError.invalidGraph(detail: "RESIZE_BILINEAR (node \(node.index)) cannot keep its scale \(output[axis])/\(before[axis]) for an input of \(after[axis])")
            }
            size.append(Int32(scaled / before[axis]))
        }
        nodes[position].inputs[1] = appendConstant(size, named: "\(tensors[node.inputs[1]].name) resized")
    }

    /// Gives the RESHAPE at `position` the target `[first, -1, last]` when its original target
    /// was `[first, n, last]`; leaves a target that already infers a dimension as it is.
    private mutating func inferMiddle(ofReshapeAt position: Int, from original: Graph) throws {
        let node = nodes[position]
        let target = original.tensors[node.outputs[0]].shape
        let requested: [Int]
        if node.inputs.count > 1, node.inputs[1] != -1, case .int32(let values)? = tensors[node.inputs[1]].constant {
            requested = values.map(Int.init)
        } else if case .reshape(let newShape) = node.options {
            requested = newShape
        } else {
            requested = target
        }
        if requested.contains(-1) { return }
        guard target.count == 3 else {
            throw InferenceError.invalidGraph(detail: "RESHAPE (node \(node.index)) to \(target) cannot follow a resized input: only [first, n, last] targets can")
        }
        let inferred = [target[0], -1, target[2]]
        nodes[position].options = .reshape(newShape: inferred)
        if node.inputs.count > 1, node.inputs[1] != -1 {
            nodes[position].inputs[1] = appendConstant(inferred.map { Int32($0) }, named: "\(tensors[node.inputs[1]].name) inferred")
        }
    }

    /// Appends a constant int32 vector and returns its index.
    private mutating func appendConstant(_ values: [Int32], named name: String) -> Int {
        tensors.append(GraphTensor(name: name, shape: [values.count], type: .int32, constant: .int32(values)))
        return tensors.count - 1
    }
}

import TFLite

/// Checked access to one node's tensors while its parameters are parsed. Every failure is an
/// ``InferenceError/invalidNode(op:node:detail:)`` naming the operator and node index.
package struct NodeReader {
    package let node: Node
    package let tensors: [GraphTensor]

    package init(node: Node, tensors: [GraphTensor]) {
        self.node = node
        self.tensors = tensors
    }

    package init(_ context: KernelContext) {
        self.init(node: context.node, tensors: context.graph.tensors)
    }

    package func invalid(_ detail: String) -> InferenceError {
        .invalidNode(op: node.op.name, node: node.index, detail: detail)
    }

    /// Checks the number of inputs (`inputs`) and outputs (exactly `outputs`).
    package func expectArity(inputs: ClosedRange<Int>, outputs: Int = 1) throws {
        guard inputs.contains(node.inputs.count) else {
            throw invalid("expected \(inputs.lowerBound == inputs.upperBound ? "\(inputs.lowerBound)" : "\(inputs.lowerBound) to \(inputs.upperBound)") inputs, got \(node.inputs.count)")
        }
        guard node.outputs.count == outputs else {
            throw invalid("expected \(outputs) output\(outputs == 1 ? "" : "s"), got \(node.outputs.count)")
        }
    }

    /// Whether optional input `i` is present.
    package func hasInput(_ i: Int) -> Bool { node.inputs.indices.contains(i) && node.inputs[i] >= 0 }

    /// Input `i`, which must be present.
    package func input(_ i: Int) throws -> GraphTensor {
        guard hasInput(i), tensors.indices.contains(node.inputs[i]) else { throw invalid("input \(i) is missing") }
        return tensors[node.inputs[i]]
    }

    /// The shape of float32 input `i`, checking its rank when `rank` is given.
    package func floatInput(_ i: Int, rank: Int? = nil) throws -> [Int] {
        let tensor = try input(i)
        guard tensor.type == .float32 else { throw invalid("input \(i) '\(tensor.name)' must be float32") }
        if let rank, tensor.shape.count != rank {
            throw invalid("input \(i) '\(tensor.name)' must have rank \(rank), has shape \(tensor.shape)")
        }
        return tensor.shape
    }

    /// The values of constant int32 input `i` (shape, axis or index vectors).
    package func int32Constant(_ i: Int) throws -> [Int] {
        let tensor = try input(i)
        guard case .int32(let values)? = tensor.constant else {
            throw invalid("input \(i) '\(tensor.name)' must be a constant int32 tensor")
        }
        return values.map(Int.init)
    }

    /// The declared shape of output `i`.
    package func outputShape(_ i: Int = 0) throws -> [Int] {
        guard node.outputs.indices.contains(i), tensors.indices.contains(node.outputs[i]) else {
            throw invalid("output \(i) is missing")
        }
        return tensors[node.outputs[i]].shape
    }

    /// `options` when it is the expected case, else an error.
    package func wrongOptions() -> InferenceError {
        invalid("unexpected options \(node.options)")
    }
}

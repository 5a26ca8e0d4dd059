extension Graph {
    /// This graph with the ADD and PRELU after each 1×1 convolution that `fuses` accepts (asked
    /// with this graph) folded into it (``Node/epilogue``), as the fast kernels apply them while
    /// storing (docs/engine.md §4.3): face_landmarks_detector follows most of its 1×1 convolutions
    /// with an ADD of the block's input, a PRELU or both, each a pass over memory that the store
    /// makes instead.
    ///
    /// A convolution (its own clamp, if any, still comes first) whose output only an ADD reads
    /// takes that ADD when the ADD has no activation, its operands have the same shape, and its other operand exists
    /// before the convolution runs; then (or directly after the convolution) a PRELU that alone
    /// reads the value, with float32 constant slopes, one per channel. No fused value may be a
    /// graph output. Results do not change: the same additions and multiplications happen on the
    /// same values, only earlier.
    package func fusingPointwiseEpilogues(where fuses: (Node, Graph) -> Bool) -> Graph {
        var readers = [[Int]](repeating: [], count: tensors.count)
        var producer = [Int?](repeating: nil, count: tensors.count)
        for (position, node) in nodes.enumerated() {
            for input in node.inputs where input >= 0 { readers[input].append(position) }
            for output in node.outputs where output >= 0 { producer[output] = position }
        }
        /// The one node reading `tensor` and its position, if there is exactly one and `tensor`
        /// is not a graph output.
        func soleReader(of tensor: Int) -> (position: Int, node: Node)? {
            guard readers[tensor].count == 1, !tensors[tensor].isGraphOutput else { return nil }
            return (readers[tensor][0], nodes[readers[tensor][0]])
        }
        var graph = self
        var removed = Set<Int>()
        for (position, node) in nodes.enumerated() where node.op == .conv2D && node.epilogue == nil && fuses(node, self) {
            guard let p = try? Conv2DParameters(NodeReader(node: node, tensors: tensors)), node.outputs.count == 1 else { continue }
            var value = node.outputs[0]
            var epilogue = PointwiseEpilogue()
            var fused: [Int] = []
            if let (addPosition, add) = soleReader(of: value), add.op == .add,
               let b = try? BinaryParameters(NodeReader(node: add, tensors: tensors)), b.activation == .none,
               b.lhsShape == b.rhsShape, add.inputs.count == 2, add.inputs[0] != add.inputs[1] {
                let residual = add.inputs[0] == value ? add.inputs[1] : add.inputs[0]
                if tensors[residual].isConstant || (producer[residual].map { $0 < position } ?? true) {
                    epilogue.residual = residual
                    fused.append(addPosition)
                    value = add.outputs[0]
                }
            }
            if let (preluPosition, prelu) = soleReader(of: value), prelu.op == .prelu, prelu.inputs.count == 2,
               prelu.inputs[0] == value, let slope = perChannelSlope(prelu.inputs[1], channels: p.outputChannels) {
                epilogue.slope = slope
                fused.append(preluPosition)
                value = prelu.outputs[0]
            }
            guard !fused.isEmpty else { continue }
            graph.nodes[position].epilogue = epilogue
            graph.nodes[position].inputs = Array(node.inputs.prefix(3)) + Array(repeating: -1, count: max(0, 3 - node.inputs.count))
                + [epilogue.residual ?? -1, epilogue.slope ?? -1]
            graph.nodes[position].outputs = [value]
            removed.formUnion(fused)
        }
        graph.nodes = graph.nodes.indices.filter { !removed.contains($0) }.map { graph.nodes[$0] }
        return graph
    }

    /// `tensor` if it is a float32 constant of `channels` values laid out along the last axis
    /// only (shape `[channels]`, `[1, channels]`, `[1, 1, channels]`, …).
    private func perChannelSlope(_ tensor: Int, channels: Int) -> Int? {
        guard tensor >= 0, case .float32(let values)? = tensors[tensor].constant, values.count == channels,
              tensors[tensor].shape.last == channels, tensors[tensor].shape.dropLast().allSatisfy({ $0 == 1 }) else { return nil }
        return tensor
    }
}

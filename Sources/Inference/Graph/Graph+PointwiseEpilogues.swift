extension Graph {
    /// This graph with the ADD and PRELU after each convolution folded into it (``Node/epilogue``)
    /// where `parts` (asked with this graph) says the convolution's kernel applies them to the
    /// outputs it computes (docs/engine.md §4.3): face_landmarks_detector follows most of its 1×1
    /// convolutions with an ADD of the block's input, a PRELU or both, and its first layer with a
    /// PRELU, each a pass over memory that the kernel saves.
    ///
    /// A convolution (its own clamp, if any, still comes first) whose output only an ADD reads
    /// takes that ADD, and the ADD's clamp, when its operands have the same shape; when the other
    /// operand (the residual) is a PAD that adds zero channels after the last and that only this
    /// ADD reads (the face detectors widen a block's input this way), the PAD goes too and the
    /// kernel adds zeros to those channels. Then (or directly after the convolution) a PRELU that
    /// alone reads the value, with float32 constant slopes, one per channel. No fused value may be
    /// a graph output. The fused node runs where the last node it took ran (every input, the
    /// residual included, is computed by then and stays alive until then). Results do not change:
    /// the same additions and multiplications happen on the same values.
    package func fusingPointwiseEpilogues(allowing parts: (Node, Graph) -> PointwiseEpilogue.Parts) -> Graph {
        let flow = DataFlow(self)
        var result = nodes.map(Optional.some)
        var taken = Set<Int>()   // positions of the ADDs and PRELUs fused so far
        /// The one node reading `tensor` and its position, if there is exactly one, `tensor` is not
        /// a graph output, and no convolution has taken that node yet (each is fused at most once).
        func soleReader(of tensor: Int) -> (position: Int, node: Node)? {
            guard let position = flow.soleReader(of: tensor), !taken.contains(position) else { return nil }
            return (position, nodes[position])
        }
        for (position, node) in nodes.enumerated() where node.op == .conv2D && node.epilogue == nil {
            let fusable = parts(node, self)
            guard !fusable.isEmpty, let p = try? Conv2DParameters(NodeReader(node: node, tensors: tensors)),
                  node.outputs.count == 1 else { continue }
            var fusedNode = node
            var epilogue = PointwiseEpilogue()
            var last = position
            if fusable.contains(.residual), let (addPosition, add) = soleReader(of: fusedNode.outputs[0]), add.op == .add,
               add.inputs.count == 2, add.inputs[0] != add.inputs[1],
               let b = try? BinaryParameters(NodeReader(node: add, tensors: tensors)), b.lhsShape == b.rhsShape,
               case let residual = add.inputs[0] == fusedNode.outputs[0] ? add.inputs[1] : add.inputs[0] {
                epilogue.residual = residual
                if let padPosition = flow.producer[residual], flow.soleReader(of: residual) == addPosition,
                   let unpadded = channelPaddingInput(nodes[padPosition]) {
                    epilogue.residual = unpadded
                    result[padPosition] = nil
                }
                epilogue.residualActivation = b.activation
                fusedNode.outputs = add.outputs
                result[last] = nil
                last = addPosition
                taken.insert(addPosition)
            }
            if fusable.contains(.slope), let (preluPosition, prelu) = soleReader(of: fusedNode.outputs[0]), prelu.op == .prelu,
               prelu.inputs.count == 2, prelu.inputs[0] == fusedNode.outputs[0],
               let slope = perChannelSlope(prelu.inputs[1], channels: p.outputChannels) {
                epilogue.slope = slope
                fusedNode.outputs = prelu.outputs
                result[last] = nil
                last = preluPosition
                taken.insert(preluPosition)
            }
            guard last != position else { continue }
            fusedNode.epilogue = epilogue
            fusedNode.inputs = Array(node.inputs.prefix(3)) + Array(repeating: -1, count: max(0, 3 - node.inputs.count))
                + [epilogue.residual ?? -1, epilogue.slope ?? -1]
            result[last] = fusedNode
        }
        var graph = self
        graph.nodes = result.compactMap { $0 }
        return graph
    }

    /// The input of `node` if it is a PAD of a 4-D tensor that adds zeros after the last channel
    /// and nothing else.
    private func channelPaddingInput(_ node: Node) -> Int? {
        guard node.op == .pad, let p = try? PadParameters(NodeReader(node: node, tensors: tensors)), p.inputShape.count == 4,
              p.before.allSatisfy({ $0 == 0 }), p.after.dropLast().allSatisfy({ $0 == 0 }) else { return nil }
        return node.inputs[0]
    }

    /// `tensor` if it is a float32 constant of `channels` values laid out along the last axis
    /// only (shape `[channels]`, `[1, channels]`, `[1, 1, channels]`, …).
    private func perChannelSlope(_ tensor: Int, channels: Int) -> Int? {
        guard tensor >= 0, case .float32(let values)? = tensors[tensor].constant, values.count == channels,
              tensors[tensor].shape.last == channels, tensors[tensor].shape.dropLast().allSatisfy({ $0 == 1 }) else { return nil }
        return tensor
    }
}

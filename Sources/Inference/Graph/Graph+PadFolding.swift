extension Graph {
    /// This graph with each PAD that adds zero rows and columns only (not batches or channels)
    /// folded into the CONV_2D or DEPTHWISE_CONV_2D that reads it, when that convolution is the
    /// PAD's only reader and the padded tensor is not a graph output. The convolution then reads
    /// the PAD's input with the padding in ``Node/foldedPadding``, and the PAD node disappears.
    ///
    /// XNNPACK folds such PADs itself; folding them here lets every backend skip the copy (e.g.
    /// the explicit PADs before most depthwise convolutions of the full-range face detector).
    /// Results do not change: the zeros are summed exactly as the PAD's zeros would be.
    package func foldingSpatialPads() -> Graph {
        let flow = DataFlow(self)
        var graph = self
        var folded = Set<Int>()
        for (position, node) in nodes.enumerated() where node.op == .conv2D || node.op == .depthwiseConv2D {
            guard node.foldedPadding == nil, let x = node.inputs.first, x >= 0, flow.soleReader(of: x) == position,
                  let padPosition = flow.producer[x], nodes[padPosition].outputs.count == 1,
                  let padding = spatialPadding(of: nodes[padPosition]) else { continue }
            graph.nodes[position].inputs[0] = nodes[padPosition].inputs[0]
            graph.nodes[position].foldedPadding = padding
            folded.insert(padPosition)
        }
        graph.nodes = graph.nodes.indices.filter { !folded.contains($0) }.map { graph.nodes[$0] }
        return graph
    }

    /// The rows and columns `node` adds if it is a valid PAD of an NHWC tensor that pads nothing
    /// else; `nil` otherwise (the node is then checked, and errors reported, as any other).
    private func spatialPadding(of node: Node) -> SpatialPadding? {
        guard node.op == .pad, let p = try? PadParameters(NodeReader(node: node, tensors: tensors)),
              p.inputShape.count == 4, p.before[0] == 0, p.after[0] == 0, p.before[3] == 0, p.after[3] == 0 else { return nil }
        return SpatialPadding(top: p.before[1], bottom: p.after[1], left: p.before[2], right: p.after[2])
    }
}

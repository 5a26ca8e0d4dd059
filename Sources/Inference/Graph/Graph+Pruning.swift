extension Graph {
    /// This graph without the work that only serves the outputs at `positions` (indices into
    /// ``outputs``): a node stays when one of its outputs is read, directly or through later
    /// nodes, by a kept output. The skipped outputs stay in ``outputs`` so output positions do not
    /// change; they are listed in ``skippedOutputs`` and never written.
    package func pruned(skippingOutputs positions: Set<Int>) throws(InferenceError) -> Graph {
        for position in positions where !outputs.indices.contains(position) {
            throw .tensorIndexOutOfRange(index: position, count: outputs.count)
        }
        var needed = [Bool](repeating: false, count: tensors.count)
        for (position, tensor) in outputs.enumerated() where !positions.contains(position) { needed[tensor] = true }
        var kept: [Node] = []
        for node in nodes.reversed() where node.outputs.contains(where: { needed[$0] }) {
            kept.append(node)
            for input in node.inputs where input >= 0 { needed[input] = true }
        }
        var graph = self
        graph.nodes = kept.reversed()
        graph.skippedOutputs = Set(positions.map { outputs[$0] }.filter { !needed[$0] })
        return graph
    }
}

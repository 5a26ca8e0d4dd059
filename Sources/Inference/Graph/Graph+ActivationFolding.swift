import TFLite

extension Graph {
    /// This graph with each RELU and RELU6 folded into the CONV_2D, DEPTHWISE_CONV_2D or ADD that
    /// computed its input, as that node's fused activation, when the RELU is the input's only
    /// reader, the input is not a graph output and the node had no activation of its own. The node
    /// then writes the RELU's output, and the RELU node disappears.
    ///
    /// The face detectors follow most of their convolutions and ADDs with a RELU node, each a pass
    /// over memory; folded, the clamp happens on values still in registers (and lets an ADD with a
    /// RELU join the 1×1 convolution before it, ``fusingPointwiseEpilogues(allowing:)``). Results do
    /// not change: the same maximum with 0 (and minimum with 6) is taken of the same values.
    package func foldingActivations() -> Graph {
        let flow = DataFlow(self)
        var graph = self
        var folded = Set<Int>()
        for (position, node) in nodes.enumerated() {
            guard let activation = Self.foldableActivation(node.op), node.inputs.count == 1, node.outputs.count == 1,
                  case let x = node.inputs[0], x >= 0, flow.soleReader(of: x) == position, tensors[x].type == .float32,
                  let source = flow.producer[x], graph.nodes[source].outputs.count == 1,
                  let options = Self.options(of: graph.nodes[source], fusing: activation) else { continue }
            graph.nodes[source].options = options
            graph.nodes[source].outputs = node.outputs
            folded.insert(position)
        }
        graph.nodes = graph.nodes.indices.filter { !folded.contains($0) }.map { graph.nodes[$0] }
        return graph
    }

    private static func foldableActivation(_ op: BuiltinOperator) -> FusedActivation? {
        switch op {
        case .relu: .relu
        case .relu6: .relu6
        default: nil
        }
    }

    /// The options of `node`, a CONV_2D, DEPTHWISE_CONV_2D or ADD, with `activation` in place of
    /// none; `nil` for other operators and for nodes with an activation already.
    private static func options(of node: Node, fusing activation: FusedActivation) -> OperatorOptions? {
        switch node.options {
        case .conv2D(var o) where o.fusedActivation == .none:
            o.fusedActivation = activation
            return .conv2D(o)
        case .depthwiseConv2D(var o) where o.fusedActivation == .none:
            o.fusedActivation = activation
            return .depthwiseConv2D(o)
        case .elementwise(.none) where node.op == .add:
            return .elementwise(fusedActivation: activation)
        default:
            return nil
        }
    }
}

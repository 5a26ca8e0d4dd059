import TFLite

extension Graph {
    /// The output shapes of `node`, computed from its inputs and options by the operator's
    /// parameter type (which also checks arity, types and options). Throws
    /// ``InferenceError/unsupportedOperator(name:node:)`` for operators the engine does not run.
    package static func outputShapes(of node: Node, tensors: [GraphTensor]) throws -> [[Int]] {
        let reader = NodeReader(node: node, tensors: tensors)
        switch node.op {
        case .conv2D: return [try Conv2DParameters(reader).outputShape]
        case .depthwiseConv2D: return [try DepthwiseConv2DParameters(reader).outputShape]
        case .maxPool2D, .averagePool2D: return [try Pool2DParameters(reader).outputShape]
        case .fullyConnected: return [try FullyConnectedParameters(reader).outputShape]
        case .add, .sub, .mul, .div, .squaredDifference: return [try BinaryParameters(reader).outputShape]
        case .neg, .sqrt, .rsqrt, .relu, .relu6, .logistic, .tanh, .hardSwish: return [try UnaryParameters(reader).outputShape]
        case .prelu: return [try PReLUParameters(reader).outputShape]
        case .mean, .sum: return [try ReduceParameters(reader).outputShape]
        case .pad: return [try PadParameters(reader).outputShape]
        case .reshape, .squeeze: return [try ReshapeParameters(reader).outputShape]
        case .concatenation: return [try ConcatenationParameters(reader).outputShape]
        case .stridedSlice: return [try StridedSliceParameters(reader).outputShape]
        case .transpose: return [try TransposeParameters(reader).outputShape]
        case .resizeBilinear: return [try ResizeBilinearParameters(reader).outputShape]
        case .depthToSpace: return [try DepthToSpaceParameters(reader).outputShape]
        default: throw InferenceError.unsupportedOperator(name: node.op.name, node: node.index)
        }
    }

    /// `outputShapes(of:tensors:)` over this graph's tensors.
    package func outputShapes(of node: Node) throws -> [[Int]] {
        try Graph.outputShapes(of: node, tensors: tensors)
    }
}

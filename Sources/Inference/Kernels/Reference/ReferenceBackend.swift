import TFLite

/// Portable Swift kernels for every operator the engine supports, single-threaded, each adding
/// the same terms in the same order as TFLite's reference kernel. The convolutions keep
/// independent sums in SIMD lanes and walk neighbouring pixels together for speed, which never
/// changes a result (each kernel says how); the rest are plain loops. Other backends are tested
/// against these.
package struct ReferenceBackend: Backend {
    package init() {}

    package var name: String { "reference" }

    package func makeKernel(for context: KernelContext) throws -> (any Kernel)? {
        switch context.node.op {
        case .conv2D: try ReferenceConv2DKernel(context)
        case .depthwiseConv2D: try ReferenceDepthwiseConv2DKernel(context)
        case .maxPool2D, .averagePool2D: try ReferencePool2DKernel(context)
        case .fullyConnected: try ReferenceFullyConnectedKernel(context)
        case .add, .sub, .mul, .div, .squaredDifference: try ReferenceBinaryKernel(context)
        case .neg, .sqrt, .rsqrt, .relu, .relu6, .logistic, .tanh, .hardSwish: try ReferenceUnaryKernel(context)
        case .prelu: try ReferencePReLUKernel(context)
        case .mean, .sum: try ReferenceReduceKernel(context)
        case .pad: try ReferencePadKernel(context)
        case .reshape, .squeeze: try ReferenceReshapeKernel(context)
        case .concatenation: try ReferenceConcatenationKernel(context)
        case .stridedSlice: try ReferenceStridedSliceKernel(context)
        case .transpose: try ReferenceTransposeKernel(context)
        case .resizeBilinear: try ReferenceResizeBilinearKernel(context)
        case .depthToSpace: try ReferenceDepthToSpaceKernel(context)
        default: throw InferenceError.unsupportedOperator(name: context.node.op.name, node: context.node.index)
        }
    }
}

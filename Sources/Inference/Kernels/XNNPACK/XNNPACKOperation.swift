#if XNNPACK
import TFLite

/// One TFLite node translated to the terms of an XNNPACK subgraph node, with every parameter
/// resolved and checked against the tensor shapes, so that defining it cannot go out of bounds.
struct XNNPACKOperation {
    enum Kind {
        case convolution(XNNPACKWindow, groups: Int, groupInputChannels: Int, groupOutputChannels: Int)
        case depthwiseConvolution(XNNPACKWindow, depthMultiplier: Int, inputChannels: Int)
        case maxPooling(XNNPACKWindow)
        case add, subtract, multiply, divide, squaredDifference
        case negate, squareRoot, sigmoid, hardSwish
        /// RELU and RELU6: a clamp to ``XNNPACKOperation/outputRange``.
        case clamp
        /// PRELU with one slope per channel (the slope tensor is defined as a 1-D `[channels]` value).
        case prelu(channels: Int)
        case constantPad(before: [Int], after: [Int])
        case reshape(newShape: [Int])
        case resizeBilinear(height: Int, width: Int, flags: UInt32)
        case depthToSpace(blockSize: Int)
        /// MEAN over H and W of an NHWC tensor; a `[N, C]` output is defined as `[N, 1, 1, C]`.
        case globalAveragePooling
        /// FULLY_CONNECTED: rows of the flattened input times the transposed `[O, K]` weights.
        case fullyConnected(outputChannels: Int)
    }

    var kind: Kind
    /// Tensor indices XNNPACK reads as values, in the order the define call takes them; -1 for an
    /// omitted bias (a zero bias is supplied).
    var inputs: [Int]
    var output: Int
    /// Fused activation as a clamp range (`-inf...inf` when none).
    var outputRange: ClosedRange<Float> = -Float.infinity...Float.infinity
}

/// Kernel window geometry of a convolution or pooling, with TFLite's padding made explicit.
struct XNNPACKWindow {
    var kernelHeight: Int, kernelWidth: Int
    var strideHeight: Int, strideWidth: Int
    var dilationHeight: Int, dilationWidth: Int
    var padTop: Int, padBottom: Int, padLeft: Int, padRight: Int
}
#endif

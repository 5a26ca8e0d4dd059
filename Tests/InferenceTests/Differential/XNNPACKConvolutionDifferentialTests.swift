#if XNNPACK
import Inference
import TFLite
import Testing
import TestSupport

/// CONV_2D and DEPTHWISE_CONV_2D on XNNPACK against the reference: odd sizes, strides 1 and 2,
/// dilation, SAME and VALID, channel counts that are not multiples of 8, depth multipliers,
/// optional bias and every fused activation XNNPACK expresses as a clamp.
@Suite struct XNNPACKConvolutionDifferentialTests {
    @Test func conv2D() throws {
        try runDifferentialCases("CONV_2D", count: 40, seed: 0xC0117) { rng in
            let kh = rng.pick([1, 1, 2, 3, 5]), kw = rng.bool() ? kh : rng.pick([1, 2, 3])
            let dilation = kh > 1 && rng.int(in: 0...3) == 0 ? 2 : 1
            let stride = rng.pick([1, 2])
            let padding: Padding = rng.bool() ? .same : .valid
            let minimum = (max(kh, kw) - 1) * dilation + 1
            let n = rng.pick([1, 1, 2])
            let h = max(minimum, rng.int(in: 1...15)), w = max(minimum, rng.int(in: 1...15))
            let cin = rng.pick([1, 3, 8, 13, 16]), cout = rng.pick([1, 3, 13, 16, 24])
            let activation = rng.pick([FusedActivation.none, .relu, .relu6])
            let hasBias = rng.int(in: 0...4) != 0

            var b = TestGraphBuilder()
            let x = b.input([n, h, w, cin])
            let filter = b.constant(rng.floats(cout * kh * kw * cin, in: -1, 1), [cout, kh, kw, cin])
            let bias = hasBias ? b.constant(rng.floats(cout, in: -1, 1), [cout]) : -1
            let options = Conv2DOptions(padding: padding, strideW: stride, strideH: stride,
                                        dilationW: dilation, dilationH: dilation, fusedActivation: activation)
            let y = try b.node(.conv2D, .conv2D(options), hasBias ? [x, filter, bias] : [x, filter])
            return DifferentialCase(
                description: "conv \(b.shape(x)) k\(kh)x\(kw) s\(stride) d\(dilation) \(padding) cout \(cout) \(activation) bias \(hasBias)",
                graph: try b.graph(outputs: [y]), inputs: [rng.floats(n * h * w * cin, in: -1, 1)],
                reductionLength: kh * kw * cin + 1)
        }
    }

    @Test func depthwiseConv2D() throws {
        try runDifferentialCases("DEPTHWISE_CONV_2D", count: 40, seed: 0xD3F7) { rng in
            let k = rng.pick([1, 2, 3, 3, 5]), kw = rng.bool() ? k : rng.pick([1, 3])
            let dilation = k > 1 && rng.int(in: 0...3) == 0 ? 2 : 1
            let stride = rng.pick([1, 2])
            let padding: Padding = rng.bool() ? .same : .valid
            let minimum = (max(k, kw) - 1) * dilation + 1
            let n = rng.pick([1, 1, 2])
            let h = max(minimum, rng.int(in: 1...17)), w = max(minimum, rng.int(in: 1...17))
            let c = rng.pick([1, 3, 8, 13, 24]), multiplier = rng.pick([1, 1, 2, 3])
            let activation = rng.pick([FusedActivation.none, .relu, .relu6])
            let hasBias = rng.int(in: 0...4) != 0

            var b = TestGraphBuilder()
            let x = b.input([n, h, w, c])
            let filter = b.constant(rng.floats(k * kw * c * multiplier, in: -1, 1), [1, k, kw, c * multiplier])
            let bias = hasBias ? b.constant(rng.floats(c * multiplier, in: -1, 1), [c * multiplier]) : -1
            let options = DepthwiseConv2DOptions(padding: padding, strideW: stride, strideH: stride, depthMultiplier: multiplier,
                                                 dilationW: dilation, dilationH: dilation, fusedActivation: activation)
            let y = try b.node(.depthwiseConv2D, .depthwiseConv2D(options), hasBias ? [x, filter, bias] : [x, filter])
            return DifferentialCase(
                description: "depthwise \(b.shape(x)) k\(k)x\(kw) s\(stride) d\(dilation) \(padding) m\(multiplier) \(activation) bias \(hasBias)",
                graph: try b.graph(outputs: [y]), inputs: [rng.floats(n * h * w * c, in: -1, 1)],
                reductionLength: k * kw + 1)
        }
    }

    @Test func maxPool2D() throws {
        try runDifferentialCases("MAX_POOL_2D", count: 25, seed: 0x9001) { rng in
            let fh = rng.pick([2, 3]), fw = rng.pick([1, 2, 3])
            let stride = rng.pick([1, 2])
            let padding: Padding = rng.bool() ? .same : .valid
            let n = rng.pick([1, 2])
            let h = max(fh, rng.int(in: 1...13)), w = max(fw, rng.int(in: 1...13)), c = rng.pick([1, 3, 13, 16])
            let activation = rng.pick([FusedActivation.none, .relu, .relu6])
            var b = TestGraphBuilder()
            let x = b.input([n, h, w, c])
            let options = Pool2DOptions(padding: padding, strideW: stride, strideH: stride, filterW: fw, filterH: fh, fusedActivation: activation)
            let y = try b.node(.maxPool2D, .pool2D(options), [x])
            return DifferentialCase(
                description: "maxpool \(b.shape(x)) f\(fh)x\(fw) s\(stride) \(padding) \(activation)",
                graph: try b.graph(outputs: [y]), inputs: [rng.floats(n * h * w * c, in: -8, 8)])
        }
    }
}
#endif

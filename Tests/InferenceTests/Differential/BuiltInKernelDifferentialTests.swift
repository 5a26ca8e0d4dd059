import Foundation
import Inference
import TFLite
import Testing
import TestSupport

/// The kernels only the built-in backend uses (``FastBackend`` with `builtIn`: the direct
/// convolution, the resize and LOGISTIC, docs/engine.md §4.2) against the reference on seeded random shapes, on
/// one thread, on the 2-thread pool and in portable C; and, where this build has XNNPACK, against
/// XNNPACK bit for bit, vectorized and portable alike (the same terms in the same order, each with
/// one fused multiply-add).
@Suite struct BuiltInKernelDifferentialTests {
    static let candidates: [CandidateBackend] = [
        CandidateBackend(label: "built-in", backendName: "fast", make: { FastBackend(builtIn: true) }),
        CandidateBackend(label: "built-in-2-threads", backendName: "fast",
                         make: { FastBackend(parallelWorkThreshold: 0, builtIn: true) }, threadCount: 2),
        CandidateBackend(label: "built-in-portable", backendName: "fast", make: { FastBackend(builtIn: true, portable: true) }),
    ]

    @Test func convolutionsOfEveryShape() throws {
        var worst: Float = 0
        try runDifferentialCases("CONV_2D (built-in direct)", count: 40, seed: 0xD1EC7, candidates: Self.candidates) { rng in
            let kh = rng.pick([1, 2, 3, 3, 5]), kw = rng.int(in: 0...3) == 0 ? rng.pick([1, 3]) : kh
            let stride = rng.pick([1, 2, 2, 3]), dilation = rng.int(in: 0...4) == 0 ? 2 : 1
            let padding: Padding = rng.int(in: 0...2) == 0 ? .valid : .same
            let extent = (max(kh, kw) - 1) * dilation + 1
            let h = max(extent, rng.int(in: 1...17)), w = max(extent, rng.int(in: 1...23))
            let c = rng.pick([1, 2, 3, 3, 5, 8, 16]), o = rng.pick([1, 2, 7, 8, 12, 16, 24, 32, 33, 40])
            let activation = rng.pick([FusedActivation.none, .relu, .relu6])
            let hasBias = rng.int(in: 0...4) != 0
            // A PRELU after it is fused (docs/engine.md §4.3), except after the kernel for one output channel.
            let prelu = o > 1 && rng.int(in: 0...2) == 0
            var b = TestGraphBuilder()
            let x = b.input([1, h, w, c])
            let filter = b.constant(rng.floats(o * kh * kw * c, in: -1, 1), [o, kh, kw, c])
            let bias = hasBias ? b.constant(rng.floats(o, in: -1, 1), [o]) : -1
            let options = Conv2DOptions(padding: padding, strideW: stride, strideH: stride, dilationW: dilation, dilationH: dilation,
                                        fusedActivation: activation)
            var y = try b.node(.conv2D, .conv2D(options), hasBias ? [x, filter, bias] : [x, filter])
            if prelu { y = try b.node(.prelu, .none, [y, b.constant(rng.floats(o, in: -0.5, 1), [1, 1, o])]) }
            let testCase = DifferentialCase(
                description: "conv [1, \(h), \(w), \(c)] k\(kh)x\(kw) s\(stride) d\(dilation) → \(o) \(padding) \(activation) bias \(hasBias) prelu \(prelu)",
                graph: try b.graph(outputs: [y]), inputs: [rng.floats(h * w * c, in: -1, 1)],
                reductionLength: kh * kw * c + 2, expectedBackend: "fast")
            worst = max(worst, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        Self.expectBitIdentical(worst)
    }

    @Test func stridedDepthwiseConvolutions() throws {
        var worst: Float = 0
        try runDifferentialCases("DEPTHWISE_CONV_2D (built-in direct)", count: 30, seed: 0xD1EC8, candidates: Self.candidates) { rng in
            let k = rng.pick([3, 3, 5]), stride = rng.pick([2, 2, 3]), dilation = rng.int(in: 0...4) == 0 ? 2 : 1
            let padding: Padding = rng.int(in: 0...2) == 0 ? .valid : .same
            let extent = (k - 1) * dilation + 1
            let h = max(extent, rng.int(in: 1...19)), w = max(extent, rng.int(in: 1...29))
            let c = rng.pick([1, 3, 8, 13, 16, 24, 28, 40, 42])
            let activation = rng.pick([FusedActivation.none, .relu, .relu6])
            var b = TestGraphBuilder()
            let x = b.input([1, h, w, c])
            let filter = b.constant(rng.floats(k * k * c, in: -1, 1), [1, k, k, c])
            let bias = b.constant(rng.floats(c, in: -1, 1), [c])
            let options = DepthwiseConv2DOptions(padding: padding, strideW: stride, strideH: stride, depthMultiplier: 1,
                                                 dilationW: dilation, dilationH: dilation, fusedActivation: activation)
            let y = try b.node(.depthwiseConv2D, .depthwiseConv2D(options), [x, filter, bias])
            let testCase = DifferentialCase(
                description: "depthwise [1, \(h), \(w), \(c)] k\(k) s\(stride) d\(dilation) \(padding) \(activation)",
                graph: try b.graph(outputs: [y]), inputs: [rng.floats(h * w * c, in: -1, 1)],
                reductionLength: k * k + 1, expectedBackend: "fast")
            worst = max(worst, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        Self.expectBitIdentical(worst)
    }

    @Test func fullyConnectedLayers() throws {
        var worst: Float = 0
        try runDifferentialCases("FULLY_CONNECTED (built-in direct)", count: 25, seed: 0xD1EC9, candidates: Self.candidates) { rng in
            let rows = rng.pick([1, 1, 2, 3]), k = rng.pick([1, 7, 64, 100, 1152]), n = rng.pick([1, 2, 10, 63, 64])
            let hasBias = rng.int(in: 0...3) != 0
            var b = TestGraphBuilder()
            let x = b.input([rows, k])
            let weights = b.constant(rng.floats(n * k, in: -1, 1), [n, k])
            let bias = hasBias ? b.constant(rng.floats(n, in: -1, 1), [n]) : -1
            let y = try b.node(.fullyConnected, .fullyConnected(fusedActivation: rng.pick([.none, .relu]), keepNumDims: false),
                               hasBias ? [x, weights, bias] : [x, weights])
            let testCase = DifferentialCase(description: "fully connected [\(rows), \(k)] → \(n) bias \(hasBias)",
                                            graph: try b.graph(outputs: [y]), inputs: [rng.floats(rows * k, in: -1, 1)],
                                            reductionLength: k + 1, expectedBackend: "fast")
            worst = max(worst, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        Self.expectBitIdentical(worst)
    }

    /// Every max pool: windows of 1 to 3 taps a side, strides 1 and 2, SAME padding (windows
    /// partly outside the input) and VALID, every clamp.
    @Test func maxPools() throws {
        var worst: Float = 0
        try runDifferentialCases("MAX_POOL_2D (built-in)", count: 30, seed: 0xD1ECB, candidates: Self.candidates) { rng in
            let fh = rng.pick([1, 2, 3]), fw = rng.pick([1, 2, 3]), stride = rng.pick([1, 2, 2])
            let padding: Padding = rng.bool() ? .same : .valid
            let h = max(fh, rng.int(in: 1...13)), w = max(fw, rng.int(in: 1...17)), c = rng.pick([1, 3, 8, 13, 16, 24])
            let activation = rng.pick([FusedActivation.none, .relu, .relu6])
            var b = TestGraphBuilder()
            let x = b.input([1, h, w, c])
            let options = Pool2DOptions(padding: padding, strideW: stride, strideH: stride, filterW: fw, filterH: fh, fusedActivation: activation)
            let y = try b.node(.maxPool2D, .pool2D(options), [x])
            let testCase = DifferentialCase(description: "maxpool [1, \(h), \(w), \(c)] f\(fh)x\(fw) s\(stride) \(padding) \(activation)",
                                            graph: try b.graph(outputs: [y]), inputs: [rng.floats(h * w * c, in: -8, 8)],
                                            reductionLength: 1, expectedBackend: "fast")
            worst = max(worst, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        Self.expectBitIdentical(worst)
    }

    @Test func resizes() throws {
        var worst: Float = 0
        try runDifferentialCases("RESIZE_BILINEAR (built-in)", count: 40, seed: 0xD1ECA, candidates: Self.candidates) { rng in
            // Channels of one and several 8-lane vectors (the vector path) and others; outputs
            // wider than the kernel's 256-column chunks.
            let h = rng.int(in: 1...12), w = rng.int(in: 1...12), c = rng.pick([1, 3, 8, 13, 16, 24])
            let oh = rng.pick([1, h, 2 * h, 3 * h + 1, max(1, h / 2)]), ow = rng.pick([1, w, 2 * w, 2 * w + 3, 300])
            let (align, half) = rng.pick([(false, false), (false, true), (true, false)])
            var b = TestGraphBuilder()
            let x = b.input([1, h, w, c])
            let size = b.constant(int32: [Int32(oh), Int32(ow)], [2])
            let y = try b.node(.resizeBilinear, .resizeBilinear(alignCorners: align, halfPixelCenters: half), [x, size])
            let testCase = DifferentialCase(description: "resize [1, \(h), \(w), \(c)] → \(oh)×\(ow) align \(align) half \(half)",
                                            graph: try b.graph(outputs: [y]), inputs: [rng.floats(h * w * c, in: -1, 1)],
                                            reductionLength: 4, expectedBackend: "fast")
            worst = max(worst, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        Self.expectBitIdentical(worst)
    }

    @Test func logistic() throws {
        var worst: Float = 0
        try runDifferentialCases("LOGISTIC (built-in)", count: 10, seed: 0xD1ECB, candidates: Self.candidates) { rng in
            let n = rng.int(in: 1...300)
            var values = rng.floats(n, in: -30, 30)
            // Both signs of zero, the cut-off where e^−|x| is denormal, and beyond it.
            values += [0, -0.0, 87.3, -87.3, 87.4, -87.4, 100, -100, 1e-8, -1e-8]
            var b = TestGraphBuilder()
            let x = b.input([values.count])
            let y = try b.node(.logistic, .none, [x])
            let testCase = DifferentialCase(description: "logistic [\(values.count)]", graph: try b.graph(outputs: [y]),
                                            inputs: [values], reductionLength: 1, expectedBackend: "fast")
            worst = max(worst, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        // XNNPACK's AVX-512 sigmoid is another polynomial; ours follows its AVX2 kernel.
        if !FastBackend.usesAVX512 { Self.expectBitIdentical(worst) }
    }

    #if XNNPACK
    /// Max |Δ| between XNNPACK alone and the built-in kernels, vectorized and portable, on one case.
    /// 0 where XNNPACK is not the oracle (``xnnpackIsTheOracle(of:)``): the comparison with the
    /// reference kernels stands alone there.
    static func maxDeltaFromXNNPACK(_ testCase: DifferentialCase) throws -> Float {
        guard xnnpackIsTheOracle(of: testCase) else { return 0 }
        return max(try maxDelta(testCase, between: FastBackend(builtIn: true), and: XNNPACKBackend()),
            try maxDelta(testCase, between: FastBackend(builtIn: true, portable: true), and: XNNPACKBackend()))
    }

    static func expectBitIdentical(_ worst: Float) {
        FileHandle.standardError.write(Data("built-in kernels vs XNNPACK: max |Δ| \(worst)\n".utf8))
        #expect(worst == 0)
    }
    #else
    /// Without XNNPACK there is nothing to match bit for bit: the comparison with the reference
    /// kernels stands alone.
    static func maxDeltaFromXNNPACK(_ testCase: DifferentialCase) throws -> Float { 0 }
    static func expectBitIdentical(_ worst: Float) {}
    #endif
}

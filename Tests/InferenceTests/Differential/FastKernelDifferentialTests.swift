import Foundation
import Inference
import TFLite
import Testing
import TestSupport

/// The fast C kernels (``FastBackend``) against the reference on seeded random shapes they claim
/// (odd sizes, rows that end mid-vector, more channels than one chunk of the depthwise kernel, SAME and VALID, channel counts that are not multiples of
/// 16, every clamp activation), on one thread, on the 2-thread pool and in portable C, and against
/// XNNPACK bit for bit (vectorized where the processor allows, on an AVX-512 processor with its
/// AVX2 kernels too, and portable).
@Suite struct FastKernelDifferentialTests {
    /// The vectorized kernels claim nodes only where the processor has AVX-512F or AVX2 with FMA.
    static let candidates: [CandidateBackend] = (FastBackend.isVectorized ? [
        CandidateBackend(label: "fast", backendName: "fast", make: { FastBackend() }),
        // Threshold 0: even these small graphs run on the 2-thread pool.
        CandidateBackend(label: "fast-2-threads", backendName: "fast", make: { FastBackend(parallelWorkThreshold: 0) }, threadCount: 2),
    ] : []) + (FastBackend.usesAVX512 ? [
        CandidateBackend(label: "fast-avx2", backendName: "fast", make: { FastBackend(maximumLanes: 8) }),
    ] : []) + [
        CandidateBackend(label: "fast-portable", backendName: "fast", make: { FastBackend(portable: true) }),
    ]

    @Test func depthwiseConv2D() throws {
        var worstXNNPACKDelta: Float = 0
        try runDifferentialCases("DEPTHWISE_CONV_2D (fast)", count: 40, seed: 0xFA57D,
                                 candidates: Self.candidates) { rng in
            let kh = rng.pick([3, 3, 5]), kw = kh
            let padding: Padding = rng.int(in: 0...3) == 0 ? .valid : .same
            let h = max(kh, rng.int(in: 1...19)), w = max(kw, rng.int(in: 1...37))
            let c = rng.pick([1, 3, 8, 8, 13, 16, 24, 32, 40, 64, 72, 136])
            let activation = rng.pick([FusedActivation.none, .relu, .relu6, .reluN1To1])
            let hasBias = rng.int(in: 0...4) != 0

            var b = TestGraphBuilder()
            let x = b.input([1, h, w, c])
            let filter = b.constant(rng.floats(kh * kw * c, in: -1, 1), [1, kh, kw, c])
            let bias = hasBias ? b.constant(rng.floats(c, in: -1, 1), [c]) : -1
            let options = DepthwiseConv2DOptions(padding: padding, strideW: 1, strideH: 1, depthMultiplier: 1,
                                                 dilationW: 1, dilationH: 1, fusedActivation: activation)
            let y = try b.node(.depthwiseConv2D, .depthwiseConv2D(options), hasBias ? [x, filter, bias] : [x, filter])
            let testCase = DifferentialCase(
                description: "depthwise [1, \(h), \(w), \(c)] k\(kh)x\(kw) \(padding) \(activation) bias \(hasBias)",
                graph: try b.graph(outputs: [y]), inputs: [rng.floats(h * w * c, in: -1, 1)],
                reductionLength: kh * kw + 1, expectedBackend: "fast")
            worstXNNPACKDelta = max(worstXNNPACKDelta, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        try Self.expectBitIdentical(worstXNNPACKDelta)
    }

    /// Stride 2 with AVX2's 8 lanes: every node of fewer than 128 channels is claimed whatever its
    /// size (the face detectors' 28 and 42 channels leave a pixel's last block short of 8), and
    /// gives XNNPACK's bits; wider ones stay with XNNPACK below 800k multiply-adds, and with
    /// AVX-512's 16 lanes every one does.
    @Test func stridedDepthwiseConv2D() throws {
        guard FastBackend.isVectorized else { return }
        let eightLanes: [CandidateBackend] = [
            CandidateBackend(label: "fast-8-lanes", backendName: "fast", make: { FastBackend(maximumLanes: 8) }),
            CandidateBackend(label: "fast-8-lanes-2-threads", backendName: "fast",
                             make: { FastBackend(parallelWorkThreshold: 0, maximumLanes: 8) }, threadCount: 2),
        ]
        var worstXNNPACKDelta: Float = 0
        try runDifferentialCases("DEPTHWISE_CONV_2D stride 2 (fast, 8 lanes)", count: 30, seed: 0xFA57E, candidates: eightLanes) { rng in
            let k = rng.pick([3, 3, 5]), padding: Padding = rng.int(in: 0...2) == 0 ? .valid : .same
            let h = max(k, rng.int(in: 1...21)), w = max(k, rng.int(in: 1...33))
            let c = rng.pick([1, 3, 4, 8, 13, 28, 42, 64, 88, 120])
            let activation = rng.pick([FusedActivation.none, .relu, .relu6])
            var b = TestGraphBuilder()
            let x = b.input([1, h, w, c])
            let options = DepthwiseConv2DOptions(padding: padding, strideW: 2, strideH: 2, depthMultiplier: 1,
                                                 dilationW: 1, dilationH: 1, fusedActivation: activation)
            let y = try b.node(.depthwiseConv2D, .depthwiseConv2D(options),
                               [x, b.constant(rng.floats(k * k * c, in: -1, 1), [1, k, k, c]), b.constant(rng.floats(c, in: -1, 1), [c])])
            let testCase = DifferentialCase(
                description: "depthwise [1, \(h), \(w), \(c)] k\(k) s2 \(padding) \(activation)",
                graph: try b.graph(outputs: [y]), inputs: [rng.floats(h * w * c, in: -1, 1)],
                reductionLength: k * k + 1, expectedBackend: "fast")
            #if XNNPACK
            worstXNNPACKDelta = max(worstXNNPACKDelta, try maxDelta(testCase, between: FastBackend(maximumLanes: 8), and: XNNPACKBackend()))
            #endif
            return testCase
        }
        try Self.expectBitIdentical(worstXNNPACKDelta)

        func backend(channels: Int, lanes: Int) throws -> String {
            var b = TestGraphBuilder()
            let x = b.input([1, 8, 8, channels])
            let options = DepthwiseConv2DOptions(padding: .same, strideW: 2, strideH: 2, depthMultiplier: 1,
                                                 dilationW: 1, dilationH: 1, fusedActivation: .none)
            let y = try b.node(.depthwiseConv2D, .depthwiseConv2D(options),
                               [x, b.constant([Float](repeating: 0.5, count: 9 * channels), [1, 3, 3, channels])])
            let interpreter = try Interpreter(graph: try b.graph(outputs: [y]), backends: [FastBackend(maximumLanes: lanes)], threadCount: 1)
            return interpreter.kernelAssignments[0].backend
        }
        #expect(try backend(channels: 120, lanes: 8) == "fast")
        #expect(try backend(channels: 128, lanes: 8) == "reference")
        if FastBackend.usesAVX512 { #expect(try backend(channels: 120, lanes: 16) == "reference") }
    }

    @Test func singleOutputConv2D() throws {
        var worstXNNPACKDelta: Float = 0
        try runDifferentialCases("CONV_2D one output channel (fast)", count: 30, seed: 0xFA57C, candidates: Self.candidates) { rng in
            let kh = rng.pick([1, 2, 3, 3, 3, 5, 7]), kw = rng.int(in: 0...3) == 0 ? rng.pick([1, 3, 5]) : kh
            let padding: Padding = rng.int(in: 0...3) == 0 ? .valid : .same
            let h = max(kh, rng.int(in: 1...13)), w = max(kw, rng.int(in: 1...150))
            let c = rng.pick([2, 3, 8, 8, 8, 13, 16])
            let activation = rng.pick([FusedActivation.none, .relu, .relu6, .reluN1To1])
            let hasBias = rng.int(in: 0...4) != 0

            var b = TestGraphBuilder()
            let x = b.input([1, h, w, c])
            let filter = b.constant(rng.floats(kh * kw * c, in: -1, 1), [1, kh, kw, c])
            let bias = hasBias ? b.constant(rng.floats(1, in: -1, 1), [1]) : -1
            let options = Conv2DOptions(padding: padding, strideW: 1, strideH: 1, dilationW: 1, dilationH: 1, fusedActivation: activation)
            let y = try b.node(.conv2D, .conv2D(options), hasBias ? [x, filter, bias] : [x, filter])
            let testCase = DifferentialCase(
                description: "conv [1, \(h), \(w), \(c)] k\(kh)x\(kw) → 1 \(padding) \(activation) bias \(hasBias)",
                graph: try b.graph(outputs: [y]), inputs: [rng.floats(h * w * c, in: -1, 1)],
                reductionLength: kh * kw * c + 1, expectedBackend: "fast")
            worstXNNPACKDelta = max(worstXNNPACKDelta, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        try Self.expectBitIdentical(worstXNNPACKDelta)
    }

    /// 8, 24 and 40 channels (8-lane accumulators), 2 to 7 (one accumulator, its first lanes
    /// stored) and other counts from 16 on (panels of 32 channels with a 16-wide last panel, 7
    /// pixels at a time, or 6 with AVX2, and the pixels left over), and layers of one pixel (with
    /// AVX2 four panels at a time from 16384 weights on).
    @Test func pointwiseConv2D() throws {
        var worstXNNPACKDelta: Float = 0
        try runDifferentialCases("CONV_2D 1×1 (fast)", count: 60, seed: 0xFA578,
                                 candidates: Self.candidates) { rng in
            let onePixel = rng.int(in: 0...4) == 0
            let n = onePixel ? 1 : rng.pick([1, 1, 2]), h = onePixel ? 1 : rng.int(in: 1...13), w = onePixel ? 1 : rng.int(in: 1...41)
            let c = onePixel ? rng.pick([144, 512, 1152]) : rng.pick([1, 3, 8, 8, 13, 16, 16, 24, 32, 48, 64, 144])
            // 2 to 7 and 17 to 45: every partial last vector of 8 (1 to 7 lanes), stored without
            // masked stores.
            let cout = onePixel ? rng.pick([117, 128, 130, 195, 200])
                : rng.pick([8, 8, 24, 40, 16, 17, 31, 32, 33, 48, 64, 97, 100, 28, 35, 38, 42, 45, 2, 4, 6, 7])
            let padding: Padding = rng.bool() ? .same : .valid
            let activation = rng.pick([FusedActivation.none, .relu, .relu6, .reluN1To1])
            let hasBias = rng.int(in: 0...4) != 0

            var b = TestGraphBuilder()
            let x = b.input([n, h, w, c])
            let filter = b.constant(rng.floats(cout * c, in: -1, 1), [cout, 1, 1, c])
            let bias = hasBias ? b.constant(rng.floats(cout, in: -1, 1), [cout]) : -1
            let options = Conv2DOptions(padding: padding, strideW: 1, strideH: 1, dilationW: 1, dilationH: 1, fusedActivation: activation)
            let y = try b.node(.conv2D, .conv2D(options), hasBias ? [x, filter, bias] : [x, filter])
            let testCase = DifferentialCase(
                description: "conv [\(n), \(h), \(w), \(c)] 1x1 → \(cout) \(padding) \(activation) bias \(hasBias)",
                graph: try b.graph(outputs: [y]), inputs: [rng.floats(n * h * w * c, in: -1, 1)],
                reductionLength: c + 1, expectedBackend: "fast")
            worstXNNPACKDelta = max(worstXNNPACKDelta, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        try Self.expectBitIdentical(worstXNNPACKDelta)
    }

    /// Convolutions whose square kernel is their stride (2×2 of stride 2, as face_landmarks_detector
    /// downsamples, and 3×3 of stride 3), or whose output is one window: the 1×1 kernel reads each
    /// window's rows as its pixel's inputs (docs/engine.md §4.2), with inputs a row or column
    /// longer than the windows, outputs rows that end mid-block, and fused epilogues. Not claimed
    /// with AVX-512 (only its AVX2 and portable kernels take windows).
    @Test func windowedConv2D() throws {
        var worstXNNPACKDelta: Float = 0
        try runDifferentialCases("CONV_2D windows side by side (fast)", count: 40, seed: 0xFA57B,
                                 candidates: Self.candidates) { rng in
            let side = rng.pick([2, 2, 2, 3])
            let oneWindow = rng.int(in: 0...4) == 0
            let (outH, outW) = oneWindow ? (1, 1) : (rng.int(in: 1...9), rng.int(in: 1...21))
            let (extraH, extraW) = oneWindow ? (0, 0) : (rng.pick([0, 0, 1]), rng.pick([0, 0, 1]))
            let h = outH * side + extraH, w = outW * side + extraW
            let stride = oneWindow ? rng.pick([1, side]) : side
            let c = rng.pick([1, 3, 8, 16, 16, 32])
            let cout = rng.pick([16, 17, 32, 64, 97])
            let activation = rng.pick([FusedActivation.none, .relu, .relu6, .reluN1To1])
            let hasBias = rng.int(in: 0...4) != 0
            let prelu = rng.int(in: 0...3) == 0

            var b = TestGraphBuilder()
            let x = b.input([1, h, w, c])
            let filter = b.constant(rng.floats(cout * side * side * c, in: -1, 1), [cout, side, side, c])
            let bias = hasBias ? b.constant(rng.floats(cout, in: -1, 1), [cout]) : -1
            let options = Conv2DOptions(padding: .valid, strideW: stride, strideH: stride, dilationW: 1, dilationH: 1,
                                        fusedActivation: activation)
            var y = try b.node(.conv2D, .conv2D(options), hasBias ? [x, filter, bias] : [x, filter])
            if prelu { y = try b.node(.prelu, .none, [y, b.constant(rng.floats(cout, in: -0.5, 1), [1, 1, cout])]) }
            let testCase = DifferentialCase(
                description: "conv [1, \(h), \(w), \(c)] k\(side)x\(side) stride \(stride) → \(cout) \(activation) bias \(hasBias) prelu \(prelu)",
                graph: try b.graph(outputs: [y]), inputs: [rng.floats(h * w * c, in: -1, 1)],
                reductionLength: side * side * c + 2, expectedBackend: FastBackend.usesAVX512 ? nil : "fast")
            worstXNNPACKDelta = max(worstXNNPACKDelta, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        try Self.expectBitIdentical(worstXNNPACKDelta)
    }

    /// 2×2 max pools of stride 2 (face_landmarks_detector, the face detectors, palm_detection_full
    /// pool this way): odd sizes (VALID leaves a row or column out, SAME pads one), channels that
    /// end mid-vector, every clamp, and zeros of both signs among the values.
    @Test func maxPool2D() throws {
        var worstXNNPACKDelta: Float = 0
        try runDifferentialCases("MAX_POOL_2D 2×2 (fast)", count: 30, seed: 0xFA5B0, candidates: Self.candidates) { rng in
            let h = rng.int(in: 2...19), w = rng.int(in: 2...37), c = rng.pick([1, 3, 8, 13, 16, 28, 42, 64])
            let padding: Padding = rng.bool() ? .valid : .same
            let activation = rng.pick([FusedActivation.none, .none, .relu, .relu6, .reluN1To1])
            var b = TestGraphBuilder()
            let x = b.input([1, h, w, c])
            let options = Pool2DOptions(padding: padding, strideW: 2, strideH: 2, filterW: 2, filterH: 2, fusedActivation: activation)
            let y = try b.node(.maxPool2D, .pool2D(options), [x])
            let values = rng.floats(h * w * c, in: -2, 2).map { $0 < -1.5 ? -0.0 : $0 > 1.5 ? 0 : $0 }
            let testCase = DifferentialCase(description: "maxpool [1, \(h), \(w), \(c)] 2x2 s2 \(padding) \(activation)",
                                            graph: try b.graph(outputs: [y]), inputs: [values], reductionLength: 1,
                                            expectedBackend: "fast")
            worstXNNPACKDelta = max(worstXNNPACKDelta, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        try Self.expectBitIdentical(worstXNNPACKDelta)
    }

    /// A 1×1 convolution followed by an ADD of another tensor (given, computed after the
    /// convolution, or a graph input widened by a PAD of channels), a PRELU, or both: fused into
    /// the convolution (``Graph/fusingPointwiseEpilogues(allowing:)``) for the fast kernels, which
    /// then run one node, and XNNPACK's three or four nodes bit for bit (docs/engine.md §4.3).
    @Test func pointwiseConv2DWithFusedAddAndPReLU() throws {
        var worstXNNPACKDelta: Float = 0
        try runDifferentialCases("CONV_2D 1×1 + ADD + PRELU (fast, fused)", count: 40, seed: 0xFA579,
                                 candidates: Self.candidates) { rng in
            let onePixel = rng.int(in: 0...4) == 0
            let h = onePixel ? 1 : rng.int(in: 1...11), w = onePixel ? 1 : rng.int(in: 1...29)
            let c = onePixel ? rng.pick([256, 512]) : rng.pick([3, 8, 16, 24, 48])
            let cout = onePixel ? rng.pick([100, 130, 200]) : rng.pick([8, 16, 20, 24, 31, 32, 40, 64, 100, 3, 6])
            let (adds, prelu) = rng.pick([(true, true), (true, true), (true, false), (false, true)])
            let residualFirst = rng.bool()
            let addActivation = rng.pick([FusedActivation.none, .none, .relu, .relu6])
            let residualComputedLater = rng.bool()
            let paddedChannels = residualComputedLater || !adds ? 0 : rng.pick([0, 0, 1, min(4, cout - 1), cout - 1])

            var b = TestGraphBuilder()
            let x = b.input([1, h, w, c])
            let residual = b.input([1, h, w, cout - paddedChannels])
            let filter = b.constant(rng.floats(cout * c, in: -1, 1), [cout, 1, 1, c])
            let bias = b.constant(rng.floats(cout, in: -1, 1), [cout])
            let activation = rng.pick([FusedActivation.none, .none, .relu, .relu6])
            let options = Conv2DOptions(padding: .same, strideW: 1, strideH: 1, dilationW: 1, dilationH: 1, fusedActivation: activation)
            var y = try b.node(.conv2D, .conv2D(options), [x, filter, bias])
            if adds {
                let addend = residualComputedLater ? try b.node(.neg, .none, [residual])
                    : paddedChannels > 0 ? try b.node(.pad, .none, [residual, b.constant(int32: [0, 0, 0, 0, 0, 0, 0, Int32(paddedChannels)], [4, 2])])
                    : residual
                y = try b.node(.add, .elementwise(fusedActivation: addActivation), residualFirst ? [addend, y] : [y, addend])
            }
            if prelu { y = try b.node(.prelu, .none, [y, b.constant(rng.floats(cout, in: -0.5, 1), [1, 1, cout])]) }
            let graph = try b.graph(outputs: [y])
            let fused = graph.fusingPointwiseEpilogues { _, _ in .all }
            let last = try #require(fused.nodes.last)
            let expected = PointwiseEpilogue(residual: adds ? (residualComputedLater ? fused.nodes[0].outputs[0] : residual) : nil,
                                             residualActivation: adds ? try ActivationRange(addActivation, reader: NodeReader(node: graph.nodes[0], tensors: graph.tensors)) : .none,
                                             slope: prelu ? last.inputs[4] : nil)
            #expect(fused.nodes.count == graph.nodes.count - (adds ? 1 : 0) - (prelu ? 1 : 0) - (paddedChannels > 0 ? 1 : 0))
            #expect(last.epilogue == expected)
            let testCase = DifferentialCase(
                description: "conv [1, \(h), \(w), \(c)] 1x1 → \(cout) \(activation), add \(adds) \(addActivation) (residual first \(residualFirst), computed later \(residualComputedLater), \(paddedChannels) channels padded), prelu \(prelu)",
                graph: graph, inputs: [rng.floats(h * w * c, in: -1, 1), rng.floats(h * w * (cout - paddedChannels), in: -1, 1)],
                reductionLength: c + 2, expectedBackend: adds && residualComputedLater ? nil : "fast")   // NEG is not a fast kernel
            worstXNNPACKDelta = max(worstXNNPACKDelta, try Self.maxDeltaFromXNNPACK(testCase))
            return testCase
        }
        try Self.expectBitIdentical(worstXNNPACKDelta)
    }

    /// What must not be fused stays as it is: an ADD that broadcasts, a convolution added to
    /// itself, a convolution whose output is also a graph output, a PRELU whose slopes vary along
    /// more than the channels; an ADD of two convolutions is fused once (into the second), and the graph
    /// still plans.
    @Test func epiloguesAreFusedOnlyWhereTheyMeanTheSame() throws {
        var b = TestGraphBuilder()
        let x = b.input([1, 4, 5, 8])
        let weights = b.constant([Float](repeating: 0.25, count: 64), [8, 1, 1, 8])
        func conv(_ input: Int) throws -> Int {
            let options = Conv2DOptions(padding: .same, strideW: 1, strideH: 1, dilationW: 1, dilationH: 1, fusedActivation: .none)
            return try b.node(.conv2D, .conv2D(options), [input, weights])
        }
        let add = FusedActivation.none
        let broadcastRow = b.input([1, 1, 5, 8])
        let broadcasting = try b.node(.add, .elementwise(fusedActivation: add), [try conv(x), broadcastRow])
        let spatialSlopes = try b.node(.prelu, .none, [try conv(broadcasting), b.constant([Float](repeating: 0.5, count: 160), [1, 4, 5, 8])])
        // An ADD of two convolutions goes to the first: the second's output is its residual.
        let pair = try b.node(.add, .elementwise(fusedActivation: add), [try conv(spatialSlopes), try conv(spatialSlopes)])
        let doubled = try conv(pair)
        let itself = try b.node(.add, .elementwise(fusedActivation: add), [doubled, doubled])
        let shown = try conv(itself)
        let fusable = try b.node(.add, .elementwise(fusedActivation: add), [shown, x])
        let graph = try b.graph(outputs: [fusable, shown])
        let fused = graph.fusingPointwiseEpilogues { _, _ in .all }
        #expect(fused.nodes.count == graph.nodes.count - 1)
        #expect(fused.nodes.filter { $0.epilogue != nil }.map(\.outputs) == [[pair]])
        #expect(try Interpreter(graph: graph, backends: [FastBackend(portable: true)], threadCount: 1).plan.arenaByteCount > 0)
    }

    /// A kernel that applies slopes only (the direct kernel of first layers) takes a PRELU
    /// directly after its convolution, and leaves an ADD, and the PRELU after that ADD, as they are.
    @Test func slopesAloneTakeOnlyAPReLU() throws {
        var b = TestGraphBuilder()
        let x = b.input([1, 6, 6, 3])
        let options = Conv2DOptions(padding: .same, strideW: 1, strideH: 1, dilationW: 1, dilationH: 1, fusedActivation: .none)
        let weights = b.constant([Float](repeating: 0.25, count: 8 * 9 * 3), [8, 3, 3, 3])
        let slopes = b.constant([Float](repeating: 0.5, count: 8), [1, 1, 8])
        let first = try b.node(.prelu, .none, [try b.node(.conv2D, .conv2D(options), [x, weights]), slopes])
        let residual = b.input([1, 6, 6, 8])
        let deeper = try b.node(.conv2D, .conv2D(options), [first, b.constant([Float](repeating: 0.25, count: 8 * 9 * 8), [8, 3, 3, 8])])
        let added = try b.node(.add, .elementwise(fusedActivation: .none), [deeper, residual])
        let y = try b.node(.prelu, .none, [added, slopes])
        let graph = try b.graph(outputs: [y])
        let fused = graph.fusingPointwiseEpilogues { _, _ in .slope }
        #expect(fused.nodes.map(\.op) == [.conv2D, .conv2D, .add, .prelu])
        #expect(fused.nodes[0].epilogue == PointwiseEpilogue(slope: slopes))
        #expect(fused.nodes[0].outputs == [first])
        #expect(fused.nodes.dropFirst().allSatisfy { $0.epilogue == nil })
    }

    /// Shapes the kernels do not implement, or where XNNPACK sums in another order (1×1 and 7×7
    /// depthwise, one input channel), stay with XNNPACK: strides, two output channels.
    @Test func otherConvolutionsAreNotClaimed() throws {
        var b = TestGraphBuilder()
        let x = b.input([1, 9, 9, 8])
        func depthwise(_ input: Int, k: Int, stride: Int) throws -> Int {
            let options = DepthwiseConv2DOptions(padding: .same, strideW: stride, strideH: stride, depthMultiplier: 1,
                                                 dilationW: 1, dilationH: 1, fusedActivation: .none)
            return try b.node(.depthwiseConv2D, .depthwiseConv2D(options), [input, b.constant([Float](repeating: 0.5, count: k * k * 8), [1, k, k, 8])])
        }
        let strided = try depthwise(x, k: 3, stride: 2), pointwise = try depthwise(strided, k: 1, stride: 1)
        let wide = try depthwise(pointwise, k: 7, stride: 1)
        let options = Conv2DOptions(padding: .same, strideW: 1, strideH: 1, dilationW: 1, dilationH: 1, fusedActivation: .none)
        let twoOutputs = try b.node(.conv2D, .conv2D(options), [wide, b.constant([Float](repeating: 0.25, count: 144), [2, 3, 3, 8])])
        let single = try b.node(.conv2D, .conv2D(options), [twoOutputs, b.constant([Float](repeating: 0.25, count: 9 * 2), [1, 3, 3, 2])])
        let interpreter = try Interpreter(graph: try b.graph(outputs: [single]), backends: [FastBackend(portable: true)], threadCount: 1)
        #expect(interpreter.kernelAssignments.map(\.backend) == ["reference", "reference", "reference", "reference", "fast"])
    }

    /// A depthwise convolution with a PAD folded into it (``Graph/foldingSpatialPads()``) is
    /// claimed, and gives XNNPACK's result on the unfolded graph (XNNPACK folds the PAD itself).
    @Test func depthwiseConvolutionWithAFoldedPad() throws {
        var rng = SplitMix64(seed: 0xFA57F)
        var b = TestGraphBuilder()
        let x = b.input([1, 9, 11, 24])
        let padded = try b.node(.pad, .none, [x, b.constant(int32: [0, 0, 1, 1, 2, 0, 0, 0], [4, 2])])
        let options = DepthwiseConv2DOptions(padding: .valid, strideW: 1, strideH: 1, depthMultiplier: 1, dilationW: 1, dilationH: 1, fusedActivation: .none)
        let y = try b.node(.depthwiseConv2D, .depthwiseConv2D(options), [padded, b.constant(rng.floats(9 * 24, in: -1, 1), [1, 3, 3, 24])])
        let graph = try b.graph(outputs: [y])
        let folded = graph.foldingSpatialPads()
        let input = rng.floats(9 * 11 * 24, in: -1, 1)
        func run(_ graph: Graph, _ backend: any Backend) throws -> (backends: [String], output: [Float]) {
            let interpreter = try Interpreter(graph: graph, backends: [backend], threadCount: 1)
            try interpreter.copyInput(input, at: 0)
            try interpreter.invoke()
            return (interpreter.kernelAssignments.map(\.backend), interpreter.output(at: 0))
        }
        let fast = try run(folded, FastBackend(portable: !FastBackend.isVectorized))
        #expect(fast.backends == ["fast"])
        #if XNNPACK
        let unfolded = try run(graph, XNNPACKBackend())
        let tolerance: Float = FastBackend.isVectorized ? 0 : 1e-5
        #else
        let unfolded = try run(graph, ReferenceBackend())
        let tolerance: Float = 1e-5
        #endif
        let delta = zip(fast.output, unfolded.output).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
        #expect(delta <= tolerance)
        #expect(unfolded.output.count == 9 * 11 * 24)
    }

    #if XNNPACK
    /// Max |Δ| between XNNPACK alone and the fast kernels, vectorized and portable, on one case.
    /// 0 where XNNPACK is not the oracle (``xnnpackIsTheOracle(of:)``): the comparison with the
    /// reference kernels stands alone there.
    static func maxDeltaFromXNNPACK(_ testCase: DifferentialCase) throws -> Float {
        guard xnnpackIsTheOracle(of: testCase) else { return 0 }
        return max(try maxDelta(testCase, between: FastBackend(), and: XNNPACKBackend()),
            try maxDelta(testCase, between: FastBackend(portable: true), and: XNNPACKBackend()))
    }
    #else
    /// Without XNNPACK there is nothing to match bit for bit: the comparison with the reference
    /// kernels stands alone.
    static func maxDeltaFromXNNPACK(_ testCase: DifferentialCase) throws -> Float { 0 }
    #endif

    /// The fast kernels add the same terms in the same order with the same fused multiply-adds as
    /// XNNPACK's kernels for this processor: the vector code where it runs, and the portable code
    /// (`fmaf`) too, where XNNPACK's kernels fuse their multiply-adds (processors with FMA).
    static func expectBitIdentical(_ worst: Float) throws {
        FileHandle.standardError.write(Data("fast kernels vs XNNPACK: max |Δ| \(worst)\n".utf8))
        if FastBackend.isVectorized { #expect(worst == 0) }
    }
}

import CFastKernels

/// Our own C microkernels (target CFastKernels) for convolution shapes that Debian's 2022 XNNPACK
/// runs slowly: depthwise convolutions of stride 1 (few channels at large sizes pay XNNPACK's
/// per-pixel indirection) and of stride 2 (large ones, and with AVX2 those of few channels),
/// convolutions with a single output channel, 1×1 convolutions (8, 24 or 40 channels would leave
/// half of one of XNNPACK's 16-wide vectors per pixel idle, and XNNPACK's tiles are one vector wide
/// where ours are two), first layers (a picture's three channels in, where XNNPACK reaches about a
/// quarter of the multiply-add peak), resizes of 8, 16, … channels and 2×2 max pools (XNNPACK's
/// per-pixel indirection is slow there). Asked before the XNNPACK backend; ``XNNPACKBackend`` ends
/// its runs before the nodes this backend ``claims(_:in:)``.
///
/// Beside XNNPACK, only used where the kernels are vectorized (AVX-512F, or AVX2 with FMA);
/// elsewhere XNNPACK keeps every node. As the built-in backend (`builtIn`) they run on every
/// processor, joined by the direct kernel (``FastDirectConvolutionKernel``) for every other
/// convolution and fully connected layer, ``FastMaxPool2DKernel`` for every max pool,
/// ``FastResizeBilinearKernel`` and ``FastLogisticKernel``, all with XNNPACK's arithmetic
/// (docs/engine.md §4.2).
/// Each kernel is checked against its reference and against XNNPACK by the differential tests.
package struct FastBackend: Backend {
    package let name = "fast"
    /// Kernels whose work (multiply-adds) is below this stay on the calling thread whatever the
    /// thread count (0: always use the pool; for tests).
    package let parallelWorkThreshold: Int

    /// Vector lanes the kernels use: 16 (AVX-512F), 8 (AVX2 and FMA) or 1 (portable C).
    package let lanes: Int
    private let claimsUnvectorized: Bool
    private let builtIn: Bool

    /// `builtIn`: the built-in backend's set, on every processor, with no XNNPACK to leave nodes
    /// to (see above). `portable`: run the portable C code whatever the processor, and claim the
    /// nodes anyway (for tests). `maximumLanes` 8: the AVX2 kernels on an AVX-512 processor too
    /// (for tests).
    package init(parallelWorkThreshold: Int = ThreadPool.defaultParallelWorkThreshold, builtIn: Bool = false,
                 portable: Bool = false, maximumLanes: Int = 16) {
        self.parallelWorkThreshold = parallelWorkThreshold
        self.builtIn = builtIn
        claimsUnvectorized = builtIn || portable
        lanes = portable ? 1 : min(Self.bestLanes, maximumLanes)
    }

    package func makeKernel(for context: KernelContext) throws -> (any Kernel)? {
        let threshold = parallelWorkThreshold
        switch try choice(for: context.node, in: context.graph) {
        case .resize?: return try FastResizeBilinearKernel(context, parallelWorkThreshold: threshold)
        case .maxPool?: return try FastMaxPool2DKernel(context, lanes: lanes, parallelWorkThreshold: threshold)
        case .logistic?: return try FastLogisticKernel(context, parallelWorkThreshold: threshold)
        case .depthwise?: return try FastDepthwiseConv2DKernel(context, lanes: lanes, parallelWorkThreshold: threshold)
        case .pointwise?: return try FastPointwiseConv2DKernel(context, lanes: lanes, parallelWorkThreshold: threshold)
        case .firstLayer?, .direct?: return try FastDirectConvolutionKernel(context, lanes: lanes, parallelWorkThreshold: threshold)
        case .singleOutput?: return try FastSingleOutputConv2DKernel(context, lanes: lanes, parallelWorkThreshold: threshold)
        case nil: return nil
        }
    }

    /// The weights and bias of `node` when its kernel copies them into its own packed layout at
    /// load and never reads them again (the interpreter's arena then need not hold them).
    package func constantsPackedAtLoad(for node: Node, in graph: Graph) -> [Int] {
        switch try? choice(for: node, in: graph) {
        case .depthwise?, .pointwise?, .firstLayer?, .direct?: Array(node.inputs.dropFirst().prefix(2).filter { $0 >= 0 })
        case .resize?, .maxPool?, .logistic?, .singleOutput?, nil: []
        }
    }

    /// The 1×1 kernel applies a fused ADD and PRELU to its outputs, the direct kernel (first
    /// layers) a PRELU (docs/engine.md §4.3).
    package func fusableEpilogue(of node: Node, in graph: Graph) -> PointwiseEpilogue.Parts {
        switch try? choice(for: node, in: graph) {
        case .pointwise?: .all
        case .firstLayer?, .direct?: .slope
        case .resize?, .maxPool?, .logistic?, .depthwise?, .singleOutput?, nil: []
        }
    }

    /// The kernel this backend makes for a node, or `nil`: decided in one place for
    /// ``makeKernel(for:)``, ``constantsPackedAtLoad(for:in:)`` and ``fusableEpilogue(of:in:)``.
    private enum Choice { case resize, maxPool, logistic, depthwise, pointwise, firstLayer, singleOutput, direct }

    private func choice(for node: Node, in graph: Graph) throws -> Choice? {
        let reader = NodeReader(node: node, tensors: graph.tensors)
        if node.op == .resizeBilinear, let p = try? ResizeBilinearParameters(reader),
           builtIn ? FastResizeBilinearKernel.supports(p) : Self.claimsResize(p) {
            return .resize
        }
        if node.op == .maxPool2D, let p = try? Pool2DParameters(reader),
           builtIn ? FastMaxPool2DKernel.supports(p) : (claimsUnvectorized || Self.isVectorized) && FastMaxPool2DKernel.isTwoByTwo(p) {
            return .maxPool
        }
        if builtIn, node.op == .logistic { return .logistic }
        guard claimsUnvectorized || Self.isVectorized, Self.hasConstantWeights(node, in: graph) else { return nil }
        if Self.claimsOnAnyProcessor(node, in: graph) {
            switch node.op {
            case .depthwiseConv2D:
                let p = try DepthwiseConv2DParameters(reader)
                return builtIn || FastDepthwiseConv2DKernel.beatsXNNPACK(p, lanes: lanes) ? .depthwise : nil
            case .conv2D:
                let p = try Conv2DParameters(reader)
                return Self.convolutionKernel(for: p, lanes: lanes, builtIn: builtIn)
            default:
                break
            }
        }
        if builtIn, FastDirectConvolutionKernel.supports(node, reader) { return .direct }
        return nil
    }

    /// The kernel for a convolution that ``claimsOnAnyProcessor(_:in:)`` accepts, for kernels of
    /// `lanes` lanes. The 1×1 kernel takes windows that tile the input (2×2 of stride 2) except
    /// with 16 lanes, where XNNPACK's speed on them was not measured. With AVX-512 beside XNNPACK
    /// (16 lanes, not `builtIn`), a first layer is ours only when its output channels make whole
    /// passes of three 8-channel blocks (24, 48, …), which the direct kernel computes eight pixels
    /// at a time in AVX-512VL's 32 registers; XNNPACK's 16-wide tiles keep the others. (Per-node
    /// medians of 5 interleaved profiles on Zen 4, ours / XNNPACK in ms: 24 channels 0.35 / 0.42
    /// (hand_landmark_full), 0.45 / 0.56 (pose_landmark_full), 0.33 / 0.38 (pose_detection), 0.22 /
    /// 0.25 (face_detector); 16 channels 0.36 / 0.33, 32 channels 0.31 / 0.23 and 0.68 / 0.65.)
    private static func convolutionKernel(for p: Conv2DParameters, lanes: Int, builtIn: Bool) -> Choice? {
        if FastPointwiseConv2DKernel.supports(p, lanes: lanes) { return .pointwise }
        if FastDirectConvolutionKernel.supportsFirstLayer(p), builtIn || lanes != 16 || (p.outputChannels + 7) / 8 % 3 == 0 {
            return .firstLayer
        }
        return FastSingleOutputConv2DKernel.supports(p) ? .singleOutput : nil
    }

    /// Whether this backend (beside XNNPACK) runs `node` on this processor.
    package static func claims(_ node: Node, in graph: Graph) -> Bool {
        if node.op == .resizeBilinear {
            return (try? ResizeBilinearParameters(NodeReader(node: node, tensors: graph.tensors))).map(claimsResize) ?? false
        }
        if node.op == .maxPool2D {
            return isVectorized && (try? Pool2DParameters(NodeReader(node: node, tensors: graph.tensors))).map(FastMaxPool2DKernel.isTwoByTwo) == true
        }
        guard isVectorized, claimsOnAnyProcessor(node, in: graph) else { return false }
        let reader = NodeReader(node: node, tensors: graph.tensors)
        switch node.op {
        case .conv2D: return (try? Conv2DParameters(reader)).flatMap { convolutionKernel(for: $0, lanes: bestLanes, builtIn: false) } != nil
        case .depthwiseConv2D: return (try? DepthwiseConv2DParameters(reader)).map { FastDepthwiseConv2DKernel.beatsXNNPACK($0, lanes: bestLanes) } ?? false
        default: return true
        }
    }

    /// Whether the built-in set (`builtIn`) runs `node`: what XNNPACK leaves to it where its own
    /// products add their terms in another order (``XNNPACKProductOrder``).
    package static func claimsAsBuiltIn(_ node: Node, in graph: Graph) -> Bool {
        (try? FastBackend(builtIn: true).choice(for: node, in: graph)) != nil
    }

    /// Whether the node has a shape these kernels implement, whatever the processor (tests use
    /// this to run the portable C path too).
    package static func claimsOnAnyProcessor(_ node: Node, in graph: Graph) -> Bool {
        let reader = NodeReader(node: node, tensors: graph.tensors)
        guard hasConstantWeights(node, in: graph) else { return false }
        switch node.op {
        case .depthwiseConv2D:
            guard let p = try? DepthwiseConv2DParameters(reader) else { return false }
            return FastDepthwiseConv2DKernel.supports(p)
        case .conv2D:
            guard let p = try? Conv2DParameters(reader) else { return false }
            return FastSingleOutputConv2DKernel.supports(p) || FastPointwiseConv2DKernel.supports(p, lanes: 1)
                || FastDirectConvolutionKernel.supportsFirstLayer(p)
        default:
            return false
        }
    }

    /// RESIZE_BILINEAR beside XNNPACK, on a vectorized processor: one image whose channels are a
    /// multiple of 8, which our kernel blends eight channels a vector with the columns' taps worked
    /// out once (XNNPACK's per-pixel indirection took 0.4 ms for pose_landmark_full's 128 → 256
    /// resize of 8 channels).
    private static func claimsResize(_ p: ResizeBilinearParameters) -> Bool {
        isVectorized && FastResizeBilinearKernel.supports(p) && p.inputShape[3] % 8 == 0
    }

    /// Whether the processor runs the vectorized kernels (AVX-512F, or AVX2 with FMA).
    package static var isVectorized: Bool { bestLanes > 1 }
    /// Whether they (and XNNPACK) run their AVX-512 versions.
    package static var usesAVX512: Bool { bestLanes == 16 }
    private static let bestLanes = fk_best_lanes()

    /// Filter (input 1) and bias (input 2, if present) are float32 constants.
    private static func hasConstantWeights(_ node: Node, in graph: Graph) -> Bool {
        for i in 1..<min(node.inputs.count, 3) {
            let t = node.inputs[i]
            if t < 0 && i == 2 { continue }
            guard graph.tensors.indices.contains(t), case .float32? = graph.tensors[t].constant else { return false }
        }
        return node.inputs.count >= 2
    }
}

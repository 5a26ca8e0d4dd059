import CFastKernels

/// CONV_2D 1×1 with stride 1 to 2–8 or at least 16 output channels, and with AVX2 convolutions
/// whose kernel is their stride (face_landmarks_detector's 2×2 of stride 2) to 16 or more, by
/// CFastKernels' kernels (see `PointwiseConvolution.c`): 8, 24 and 40 channels (e.g. the 16 → 8
/// bottlenecks of the face and pose landmark networks at 128² and 256²) with 8-lane accumulators,
/// where XNNPACK's 16-lane tiles leave half a vector per pixel idle, and fewer than 8 (the
/// detectors' score and box heads) in one accumulator per pixel; other counts in panels of 32
/// channels by 7 or 8 pixels (16 by 6 with AVX2), where Debian's 2022 XNNPACK has only 16-wide
/// tiles. Sums bias + terms in input-channel order with fused multiply-adds, as XNNPACK's GEMM
/// kernels do; then, when an ADD and PRELU were fused into the node (``Node/epilogue``), adds the
/// residual and applies the slopes as XNNPACK's ADD and PRELU kernels do (docs/engine.md §4.3).
final class FastPointwiseConv2DKernel: Kernel {
    private let operation: UnsafeMutablePointer<fk_pointwise>
    private let packed: UnsafeMutableBufferPointer<Float>
    private let tasks: FastRowTasks

    /// Whether the backend runs these parameters with this kernel with `lanes` lanes: a 1×1
    /// convolution of stride 1, or one whose square kernel is its stride (windows side by side,
    /// within the input), as ``patch(_:)`` describes, where the kernel takes such windows.
    static func supports(_ p: Conv2DParameters, lanes: Int) -> Bool {
        guard fk_pointwise_supports(p.outputChannels) != 0, let patch = patch(p) else { return false }
        return (1...4096).contains(p.inputChannels * patch * patch)
            && (patch == 1 || fk_pointwise_supports_patches(lanes, p.outputChannels) != 0)
    }

    /// The side of the windows the kernel reads as its pixels' inputs (1 for a 1×1 convolution of
    /// stride 1), or `nil`: a square kernel of dilation 1 whose stride is its size (or whose
    /// output is one window along an axis), on one image, with no padding and every window within
    /// the input (docs/engine.md §4.2).
    static func patch(_ p: Conv2DParameters) -> Int? {
        let side = p.height.kernelSize
        func tiles(_ axis: WindowAxis) -> Bool {
            axis.kernelSize == side && axis.dilation == 1 && axis.padBefore == 0
                && (axis.stride == side || axis.outputSize == 1) && axis.outputSize * side <= axis.inputSize
        }
        if side == 1 { return p.width.kernelSize == 1 && p.height.stride == 1 && p.width.stride == 1 ? 1 : nil }
        return p.batch == 1 && tiles(p.height) && tiles(p.width) ? side : nil
    }

    init(_ context: KernelContext, lanes: Int, parallelWorkThreshold: Int) throws {
        let p = try Conv2DParameters(context)
        guard Self.supports(p, lanes: lanes), let patch = Self.patch(p) else {
            throw context.invalid("not a 1×1 convolution the fast kernel runs")
        }
        // Each output pixel reads one window (one input pixel for a 1×1 stride-1 convolution);
        // its values are the reduction, in the filter's (ky, kx, channel) order.
        let pixels = p.batch * p.height.outputSize * p.width.outputSize
        let reduction = patch * patch * p.inputChannels
        let blockPixels = fk_pointwise_block_pixels(lanes, pixels, p.outputChannels)
        let blocks = (pixels + blockPixels - 1) / blockPixels
        tasks = try FastRowTasks(rows: blocks, work: pixels * reduction * p.outputChannels, threadCount: context.threadCount,
                                 threshold: parallelWorkThreshold)
        packed = .allocate(capacity: fk_pointwise_packed_count(lanes, reduction, p.outputChannels))
        fk_pointwise_pack(lanes, reduction, p.outputChannels, context.floats(context.input(1)), p.hasBias ? context.floats(context.input(2)) : nil,
                           packed.baseAddress!)
        operation = .allocate(capacity: 1)
        operation.initialize(to: fk_pointwise(
            lanes: lanes, input: context.floats(context.input(0)), output: context.floats(context.output(0)),
            packed: packed.baseAddress!, pixels: pixels, input_channels: reduction, output_channels: p.outputChannels,
            output_min: p.activation.lower, output_max: p.activation.upper,
            residual: context.node.epilogue?.residual.map { UnsafePointer(context.floats($0)) },
            residual_channels: context.node.epilogue?.residual.map { context.shape($0).last ?? 0 } ?? p.outputChannels,
            residual_min: context.node.epilogue?.residualActivation.lower ?? -.infinity,
            residual_max: context.node.epilogue?.residualActivation.upper ?? .infinity,
            slope: context.node.epilogue?.slope.map { UnsafePointer(context.floats($0)) },
            pixels_per_task: tasks.rowsPerTask * blockPixels,
            patch: patch, output_width: p.width.outputSize, input_row_floats: p.width.inputSize * p.inputChannels))
    }

    deinit {
        operation.deallocate()
        packed.deallocate()
    }

    func invoke() {
        tasks.run(fk_pointwise_task, context: UnsafeMutableRawPointer(operation))
    }
}

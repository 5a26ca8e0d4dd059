import CFastKernels

/// CONV_2D 1×1 with stride 1 to 8 or at least 16 output channels, by CFastKernels' kernels (see
/// `PointwiseConvolution.c`): 8, 24 and 40 channels (e.g. the 16 → 8 bottlenecks of the face and
/// pose landmark networks at 128² and 256²) with 8-lane accumulators, where XNNPACK's 16-lane
/// tiles leave half a vector per pixel idle; other counts in panels of 32 channels by 7 or 8 pixels,
/// where Debian's 2022 XNNPACK has only 16-wide tiles. Sums bias + terms in input-channel order
/// with fused multiply-adds, as XNNPACK's GEMM kernels do; then, when an ADD and PRELU were fused
/// into the node (``Node/epilogue``, 8 or 1 lanes), adds the residual and applies the slopes as
/// XNNPACK's ADD and PRELU kernels do (docs/engine.md §4.3).
final class FastPointwiseConv2DKernel: Kernel {
    private let operation: UnsafeMutablePointer<fk_pointwise>
    private let packed: UnsafeMutableBufferPointer<Float>
    private let tasks: FastRowTasks

    /// Whether the backend runs these parameters with this kernel.
    static func supports(_ p: Conv2DParameters) -> Bool {
        fk_pointwise_supports(p.outputChannels) != 0 && (1...4096).contains(p.inputChannels)
            && p.height.kernelSize == 1 && p.width.kernelSize == 1 && p.height.stride == 1 && p.width.stride == 1
    }

    init(_ context: KernelContext, lanes: Int, parallelWorkThreshold: Int) throws {
        let p = try Conv2DParameters(context)
        guard Self.supports(p) else { throw context.invalid("not a 1×1 convolution the fast kernel runs") }
        // A 1×1 stride-1 window maps every pixel of every image to one output pixel.
        let pixels = p.batch * p.height.outputSize * p.width.outputSize
        let blockPixels = fk_pointwise_block_pixels(lanes, pixels, p.outputChannels)
        let blocks = (pixels + blockPixels - 1) / blockPixels
        tasks = try FastRowTasks(rows: blocks, work: pixels * p.inputChannels * p.outputChannels, threadCount: context.threadCount,
                                 threshold: parallelWorkThreshold)
        packed = .allocate(capacity: fk_pointwise_packed_count(lanes, p.inputChannels, p.outputChannels))
        fk_pointwise_pack(lanes, p.inputChannels, p.outputChannels, context.floats(context.input(1)), p.hasBias ? context.floats(context.input(2)) : nil,
                           packed.baseAddress!)
        operation = .allocate(capacity: 1)
        operation.initialize(to: fk_pointwise(
            lanes: lanes, input: context.floats(context.input(0)), output: context.floats(context.output(0)),
            packed: packed.baseAddress!, pixels: pixels, input_channels: p.inputChannels, output_channels: p.outputChannels,
            output_min: p.activation.lower, output_max: p.activation.upper,
            residual: context.node.epilogue?.residual.map { UnsafePointer(context.floats($0)) },
            residual_channels: context.node.epilogue?.residual.map { context.shape($0).last ?? 0 } ?? p.outputChannels,
            residual_min: context.node.epilogue?.residualActivation.lower ?? -.infinity,
            residual_max: context.node.epilogue?.residualActivation.upper ?? .infinity,
            slope: context.node.epilogue?.slope.map { UnsafePointer(context.floats($0)) },
            pixels_per_task: tasks.rowsPerTask * blockPixels))
    }

    deinit {
        operation.deallocate()
        packed.deallocate()
    }

    func invoke() {
        tasks.run(fk_pointwise_task, context: UnsafeMutableRawPointer(operation))
    }
}

import CFastKernels

/// CONV_2D with one output channel, stride 1 and dilation 1 on one image (e.g. a segmentation
/// head), by CFastKernels' kernel that splits input rows into channel planes and computes 64
/// output pixels per step (see `ConvolutionSingleOutput.c`). Sums bias + terms in XNNPACK's IGEMM
/// order (ky, kx, channel) with fused multiply-adds.
final class FastSingleOutputConv2DKernel: Kernel {
    private let operation: UnsafeMutablePointer<fk_conv_single_output>
    private let scratch: UnsafeMutableBufferPointer<Float>
    private let tasks: FastRowTasks

    /// Whether the backend runs these parameters with this kernel. Input channels are bounded to
    /// keep the per-task scratch (kernel height × channels planes of one row) small; one input
    /// channel stays with XNNPACK, which then sums in another order.
    static func supports(_ p: Conv2DParameters) -> Bool {
        p.batch == 1 && p.outputChannels == 1 && (2...64).contains(p.inputChannels)
            && p.height.stride == 1 && p.width.stride == 1 && p.height.dilation == 1 && p.width.dilation == 1
            && p.height.kernelSize <= Int(FK_MAX_KERNEL) && p.width.kernelSize <= Int(FK_MAX_KERNEL)
            && p.height.padBefore < p.height.kernelSize && p.width.padBefore < p.width.kernelSize
    }

    init(_ context: KernelContext, lanes: Int, parallelWorkThreshold: Int) throws {
        let p = try Conv2DParameters(context)
        guard Self.supports(p) else { throw context.invalid("not a single-output convolution the fast kernel runs") }
        let (kh, kw) = (p.height.kernelSize, p.width.kernelSize)
        let work = p.height.outputSize * p.width.outputSize * p.inputChannels * kh * kw
        tasks = try FastRowTasks(rows: p.height.outputSize, work: work, threadCount: context.threadCount, threshold: parallelWorkThreshold)
        var op = fk_conv_single_output(
            lanes: lanes,
            input: context.floats(context.input(0)), output: context.floats(context.output(0)),
            weights: context.floats(context.input(1)), bias: p.hasBias ? context.floats(context.input(2))[0] : 0,
            scratch: nil,
            input_height: p.height.inputSize, input_width: p.width.inputSize, channels: p.inputChannels,
            output_height: p.height.outputSize, output_width: p.width.outputSize,
            kernel_height: kh, kernel_width: kw, pad_top: p.height.padBefore, pad_left: p.width.padBefore,
            output_min: p.activation.lower, output_max: p.activation.upper, rows_per_task: tasks.rowsPerTask)
        scratch = .allocate(capacity: max(1, fk_conv_single_output_scratch_count(&op) * tasks.taskCount))
        scratch.initialize(repeating: 0)
        op.scratch = scratch.baseAddress
        operation = .allocate(capacity: 1)
        operation.initialize(to: op)
    }

    deinit {
        operation.deallocate()
        scratch.deallocate()
    }

    func invoke() {
        tasks.run(fk_conv_single_output_task, context: UnsafeMutableRawPointer(operation))
    }
}

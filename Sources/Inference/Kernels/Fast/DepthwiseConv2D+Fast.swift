import CFastKernels

/// DEPTHWISE_CONV_2D with stride 1, dilation 1 and multiplier 1 on one image, by CFastKernels'
/// row kernel (whole 16-float vectors along NHWC rows whatever the channel count; see
/// `DepthwiseConvolution.c`). Sums bias + taps in XNNPACK's order with fused multiply-adds, so
/// results match the XNNPACK backend's bit for bit on AVX-512 processors.
final class FastDepthwiseConv2DKernel: Kernel {
    private let operation: UnsafeMutablePointer<fk_depthwise>
    private let packed: UnsafeMutableBufferPointer<Float>
    private let zeros: UnsafeMutableBufferPointer<Float>
    private let tasks: FastRowTasks

    /// Whether the backend runs these parameters with this kernel. The C kernel takes any kernel
    /// size up to FK_MAX_KERNEL; only 3×3 and 5×5 are claimed, the sizes where XNNPACK's own
    /// kernels sum in the same order (1×1 goes through a multiply-then-add kernel, 7×7 through
    /// IGEMM in row order), so taking a node from XNNPACK never changes a result.
    static func supports(_ p: DepthwiseConv2DParameters) -> Bool {
        p.batch == 1 && p.depthMultiplier == 1
            && p.height.stride == 1 && p.width.stride == 1 && p.height.dilation == 1 && p.width.dilation == 1
            && p.height.kernelSize == p.width.kernelSize && (p.height.kernelSize == 3 || p.height.kernelSize == 5)
            && p.height.padBefore < p.height.kernelSize && p.width.padBefore < p.width.kernelSize
    }

    init(_ context: KernelContext, lanes: Int, parallelWorkThreshold: Int) throws {
        let p = try DepthwiseConv2DParameters(context)
        guard Self.supports(p) else { throw context.invalid("not a stride-1 depthwise convolution the fast kernel runs") }
        let channels = p.inputChannels
        let lanes = lanes >= 8 ? 8 : 1   // AVX-512 processors run the 8-lane code (CFastKernels/DepthwiseConvolution.c)
        let (kh, kw) = (p.height.kernelSize, p.width.kernelSize)
        packed = .allocate(capacity: fk_depthwise_packed_count(lanes, channels, kh, kw))
        fk_depthwise_pack(lanes, channels, kh, kw, context.floats(context.input(1)),
                          p.hasBias ? context.floats(context.input(2)) : nil, packed.baseAddress!)
        // A zero row for the rows above and below the input, plus one vector of slack.
        zeros = .allocate(capacity: p.width.inputSize * channels + 16)
        zeros.initialize(repeating: 0)
        let work = p.height.outputSize * p.width.outputSize * channels * kh * kw
        do {
            tasks = try FastRowTasks(rows: p.height.outputSize, work: work, threadCount: context.threadCount, threshold: parallelWorkThreshold,
                                     granule: 2)  // fk_depthwise_rows computes two rows at a time
        } catch {
            packed.deallocate()
            zeros.deallocate()
            throw error
        }
        operation = .allocate(capacity: 1)
        operation.initialize(to: fk_depthwise(
            lanes: lanes,
            input: context.floats(context.input(0)), output: context.floats(context.output(0)),
            packed: packed.baseAddress!, zeros: zeros.baseAddress!,
            input_height: p.height.inputSize, input_width: p.width.inputSize, channels: channels,
            output_height: p.height.outputSize, output_width: p.width.outputSize,
            kernel_height: kh, kernel_width: kw, pad_top: p.height.padBefore, pad_left: p.width.padBefore,
            output_min: p.activation.lower, output_max: p.activation.upper, rows_per_task: tasks.rowsPerTask))
    }

    deinit {
        operation.deallocate()
        packed.deallocate()
        zeros.deallocate()
    }

    func invoke() {
        tasks.run(fk_depthwise_task, context: UnsafeMutableRawPointer(operation))
    }
}

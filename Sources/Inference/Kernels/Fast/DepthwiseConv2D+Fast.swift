import CFastKernels

/// DEPTHWISE_CONV_2D with dilation 1 and multiplier 1 on one image, stride 1 or 2, by
/// CFastKernels' row kernel (whole 8-float vectors along NHWC rows whatever the channel count, or
/// pixel by pixel in blocks of 8 channels; see `DepthwiseConvolution.c`). Sums bias + taps in
/// XNNPACK's order with fused multiply-adds, so results match the XNNPACK backend's bit for bit on
/// AVX-512 processors.
final class FastDepthwiseConv2DKernel: Kernel {
    private let operation: UnsafeMutablePointer<fk_depthwise>
    private let packed: UnsafeMutableBufferPointer<Float>
    private let zeros: UnsafeMutableBufferPointer<Float>
    private let tasks: FastRowTasks

    /// Whether the backend runs these parameters with this kernel. The C kernel takes any kernel
    /// size up to FK_MAX_KERNEL; only 3×3 and 5×5 are claimed, the sizes where XNNPACK's own
    /// kernels sum in the same order (1×1 goes through a multiply-then-add kernel, 7×7 through
    /// IGEMM in row order), so taking a node from XNNPACK never changes a result.
    /// Stride 2 goes through the pixel-blocked code (XNNPACK's stride-2 nodes use the same tap
    /// order, through its indirection buffer).
    static func supports(_ p: DepthwiseConv2DParameters) -> Bool {
        p.batch == 1 && p.depthMultiplier == 1 && p.height.stride == p.width.stride && (1...2).contains(p.height.stride)
            && p.height.dilation == 1 && p.width.dilation == 1
            && p.height.kernelSize == p.width.kernelSize && (p.height.kernelSize == 3 || p.height.kernelSize == 5)
            && p.height.padBefore < p.height.kernelSize && p.width.padBefore < p.width.kernelSize
    }

    /// Whether these parameters are worth taking from XNNPACK, for our kernels at `lanes` lanes (8
    /// with AVX2, 16 with AVX-512): every stride-1 node, and stride-2 nodes of at least 800k
    /// multiply-adds or, with 8 lanes, of fewer than 128 channels. On smaller ones with AVX-512
    /// XNNPACK's 16-wide loads win over our 8-wide ones and our edge groups (per-node profiles on
    /// Zen 4, ours / XNNPACK: 0.73–0.91 from 845k multiply-adds up, 1.1–1.9 from 461k down). With
    /// AVX2 XNNPACK's loads are as wide as ours, and its per-pixel indirection costs most where a
    /// pixel has few channels (Zen 3: 0.39–0.68 of its time with 24 to 48 channels, 0.77–1.0 with
    /// 64 and 88, 1.0–1.5 from 128 on; docs/engine.md §4.2).
    static func beatsXNNPACK(_ p: DepthwiseConv2DParameters, lanes: Int) -> Bool {
        p.height.stride == 1 || (lanes == 8 && p.inputChannels < 128)
            || p.height.outputSize * p.width.outputSize * p.outputChannels * p.height.kernelSize * p.width.kernelSize >= 800_000
    }

    init(_ context: KernelContext, lanes: Int, parallelWorkThreshold: Int) throws {
        let p = try DepthwiseConv2DParameters(context)
        guard Self.supports(p) else { throw context.invalid("not a depthwise convolution the fast kernel runs") }
        let channels = p.inputChannels
        let lanes = lanes >= 16 ? 16 : lanes >= 8 ? 8 : 1  // 16: the 8-lane code with 32 registers (CFastKernels.h)
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
            kernel_height: kh, kernel_width: kw, stride: p.height.stride, pad_top: p.height.padBefore, pad_left: p.width.padBefore,
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

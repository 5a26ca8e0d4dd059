import CFastKernels

/// MAX_POOL_2D of one image by CFastKernels' `MaxPool.c`: 2×2 windows of stride 2 read row by
/// row, eight channels a vector (face_landmarks_detector, the face detectors and
/// palm_detection_full pool this way), any other window by plain loops. The maximum is exact, so
/// results are XNNPACK's and the reference kernel's.
final class FastMaxPool2DKernel: Kernel {
    private let operation: UnsafeMutablePointer<fk_max_pool>
    private let tasks: FastRowTasks

    static func supports(_ p: Pool2DParameters) -> Bool { p.batch == 1 }

    /// The windows the vector loop takes, which XNNPACK's general pooling kernel ran at about half
    /// the speed (docs/engine.md §4.2).
    static func isTwoByTwo(_ p: Pool2DParameters) -> Bool {
        supports(p) && p.height.kernelSize == 2 && p.width.kernelSize == 2 && p.height.stride == 2 && p.width.stride == 2
            && p.height.padBefore == 0 && p.width.padBefore == 0
    }

    init(_ context: KernelContext, lanes: Int, parallelWorkThreshold: Int) throws {
        let p = try Pool2DParameters(context)
        guard context.node.op == .maxPool2D, Self.supports(p) else { throw context.invalid("not a single-image MAX_POOL_2D") }
        let (height, width) = (p.height, p.width)
        tasks = try FastRowTasks(rows: height.outputSize,
                                 work: height.outputSize * width.outputSize * p.channels * height.kernelSize * width.kernelSize,
                                 threadCount: context.threadCount, threshold: parallelWorkThreshold)
        operation = .allocate(capacity: 1)
        operation.initialize(to: fk_max_pool(
            input: context.floats(context.input(0)), output: context.floats(context.output(0)),
            input_height: height.inputSize, input_width: width.inputSize, channels: p.channels,
            output_height: height.outputSize, output_width: width.outputSize,
            kernel_height: height.kernelSize, kernel_width: width.kernelSize, stride_height: height.stride,
            stride_width: width.stride, pad_top: height.padBefore, pad_left: width.padBefore,
            output_min: p.activation.lower, output_max: p.activation.upper, rows_per_task: tasks.rowsPerTask,
            lanes: lanes >= 8 ? 8 : 1))
    }

    deinit { operation.deallocate() }

    func invoke() {
        tasks.run(fk_max_pool_task, context: UnsafeMutableRawPointer(operation))
    }
}

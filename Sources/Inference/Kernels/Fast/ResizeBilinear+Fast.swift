import CFastKernels

/// RESIZE_BILINEAR of one image with XNNPACK's arithmetic (`ResizeBilinear.c`), for the built-in
/// backend, so that its results are the XNNPACK backend's bit for bit.
final class FastResizeBilinearKernel: Kernel {
    private let operation: UnsafeMutablePointer<fk_resize_bilinear>
    private let tasks: FastRowTasks

    static func supports(_ p: ResizeBilinearParameters) -> Bool { p.inputShape[0] == 1 }

    init(_ context: KernelContext, parallelWorkThreshold: Int) throws {
        let p = try ResizeBilinearParameters(context)
        guard Self.supports(p) else { throw context.invalid("not a single-image resize") }
        tasks = try FastRowTasks(rows: p.outputHeight, work: p.outputHeight * p.outputWidth * p.inputShape[3] * 4,
                                 threadCount: context.threadCount, threshold: parallelWorkThreshold)
        operation = .allocate(capacity: 1)
        operation.initialize(to: fk_resize_bilinear(
            input: context.floats(context.input(0)), output: context.floats(context.output(0)),
            input_height: p.inputShape[1], input_width: p.inputShape[2], channels: p.inputShape[3],
            output_height: p.outputHeight, output_width: p.outputWidth,
            align_corners: p.alignCorners ? 1 : 0, half_pixel_centers: p.halfPixelCenters ? 1 : 0,
            rows_per_task: tasks.rowsPerTask))
    }

    deinit { operation.deallocate() }

    func invoke() {
        tasks.run(fk_resize_bilinear_task, context: UnsafeMutableRawPointer(operation))
    }
}

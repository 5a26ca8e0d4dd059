import CFastKernels

/// LOGISTIC with the arithmetic of XNNPACK's AVX2 kernel (`Sigmoid.c`), for the built-in backend,
/// so that its scores are the XNNPACK backend's bit for bit where XNNPACK runs that kernel. As
/// one task of the thread pool, which flushes denormals to zero as XNNPACK's loops do.
final class FastLogisticKernel: Kernel {
    private let operation: UnsafeMutablePointer<fk_sigmoid>
    private let tasks: FastRowTasks

    init(_ context: KernelContext, parallelWorkThreshold: Int) throws {
        let p = try UnaryParameters(context)
        guard p.operation == .logistic else { throw context.invalid("not LOGISTIC") }
        // ~30 operations per element.
        tasks = try FastRowTasks(rows: p.elementCount, work: p.elementCount * 30, threadCount: context.threadCount,
                                 threshold: parallelWorkThreshold)
        operation = .allocate(capacity: 1)
        operation.initialize(to: fk_sigmoid(input: context.floats(context.input(0)), output: context.floats(context.output(0)),
                                            count: p.elementCount, elements_per_task: tasks.rowsPerTask))
    }

    deinit { operation.deallocate() }

    func invoke() {
        tasks.run(fk_sigmoid_task, context: UnsafeMutableRawPointer(operation))
    }
}

import CThreadPool

/// How a fast kernel splits its output rows into tasks: one task on the calling thread when the
/// work is small or there is one thread, else a few tasks per thread on the process-wide pool
/// (``ThreadPool``) that XNNPACK runtimes use too.
///
/// Tasks run with denormals flushed to zero, as XNNPACK runs its operators, so results match
/// XNNPACK's even on denormal inputs.
struct FastRowTasks {
    /// `nil`: run on the calling thread.
    let pool: OpaquePointer?
    let taskCount: Int
    let rowsPerTask: Int

    /// Tasks for `rows` output rows costing about `work` multiply-adds in all; the pool is used
    /// from `threshold` multiply-adds on. Each task but the last gets a multiple of `granule` rows
    /// (a kernel that computes that many rows at a time).
    init(rows: Int, work: Int, threadCount: Int, threshold: Int, granule: Int = 1) throws(InferenceError) {
        let rows = max(rows, 1)
        guard threadCount > 1, work >= threshold else {
            pool = nil
            taskCount = 1
            rowsPerTask = rows
            return
        }
        pool = try ThreadPool.shared(threadCount: threadCount).pool
        // A few tasks per thread even out rows of unequal cost (the padded edges) without much
        // overhead per task.
        let wanted = min(rows, threadCount * 4)
        let share = (rows + wanted - 1) / wanted
        rowsPerTask = (share + granule - 1) / granule * granule
        taskCount = (rows + rowsPerTask - 1) / rowsPerTask
    }

    /// Runs `task(context, i)` for every task `i`, returning when all are done.
    func run(_ task: vt_task_1d, context: UnsafeMutableRawPointer) {
        vt_pool_parallelize_1d(pool, task, context, taskCount, 1)
    }
}

import CXNNPACK

/// Owns the pthreadpool that XNNPACK runtimes of one backend share.
///
/// With one thread there is no pool: XNNPACK then runs on the calling thread, which is fastest.
final class XNNPACKThreadPool {
    let threadCount: Int
    /// `nil` for single-threaded execution.
    let pool: pthreadpool_t?

    init(threadCount: Int) throws(InferenceError) {
        self.threadCount = max(1, threadCount)
        if self.threadCount > 1 {
            guard let pool = pthreadpool_create(self.threadCount) else {
                throw InferenceError.xnnpack(status: Int(xnn_status_out_of_memory.rawValue), during: "pthreadpool_create(\(self.threadCount))")
            }
            self.pool = pool
        } else {
            self.pool = nil
        }
    }

    deinit {
        if let pool { pthreadpool_destroy(pool) }
    }
}

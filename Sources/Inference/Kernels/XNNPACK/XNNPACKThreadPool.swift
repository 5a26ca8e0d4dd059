import CXNNPACK
import Synchronization

/// A pthreadpool that XNNPACK runtimes run on.
///
/// One pool per thread count serves the whole process (``shared(threadCount:)``): every
/// interpreter with the same thread count uses it, so a pipeline of several models (face detector,
/// landmarks, blendshapes) has one set of worker threads instead of one per model. pthreadpool
/// serializes parallel calls on a pool with its own mutex, so interpreters on different threads
/// may share it safely; idle workers spin briefly, then sleep. With one thread there is no pool:
/// XNNPACK then runs on the calling thread, which is fastest.
final class XNNPACKThreadPool: @unchecked Sendable {  // immutable; pthreadpool locks internally
    let threadCount: Int
    /// `nil` for single-threaded execution.
    let pool: pthreadpool_t?

    private static let pools = Mutex<[Int: XNNPACKThreadPool]>([:])

    /// The process-wide pool for `threadCount` threads, made on first use and kept for the
    /// process's lifetime (runtimes only hold its raw pointer).
    static func shared(threadCount: Int) throws(InferenceError) -> XNNPACKThreadPool {
        let count = max(1, threadCount)
        let result: Result<XNNPACKThreadPool, InferenceError> = pools.withLock { pools in
            if let pool = pools[count] { return .success(pool) }
            do throws(InferenceError) {
                let pool = try XNNPACKThreadPool(threadCount: count)
                pools[count] = pool
                return .success(pool)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private init(threadCount: Int) throws(InferenceError) {
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

import CThreadPool
import CXNNPACK
import Locking

/// The thread pool XNNPACK runtimes run on: our own (target CThreadPool), behind pthreadpool's API.
///
/// One pool per thread count serves the whole process (``shared(threadCount:)``): every
/// interpreter with the same thread count uses it, so a pipeline of several models (face detector,
/// landmarks, blendshapes) has one set of worker threads instead of one per model. While one
/// interpreter runs a parallel loop on it, a loop from another thread runs on that thread alone;
/// idle workers spin for about 50 µs, then sleep. The caller never waits for a worker that has not
/// started an item, so when other processes hold the cores a model runs about as fast as on one
/// thread instead of stalling. With one thread there is no pool: XNNPACK then runs on the calling
/// thread, which is fastest.
package final class XNNPACKThreadPool: @unchecked Sendable {  // immutable; the pool synchronizes internally
    let threadCount: Int
    /// `nil` for single-threaded execution.
    let pool: pthreadpool_t?

    private static let pools = Locked<[Int: XNNPACKThreadPool]>([:])

    /// The process-wide pool for `threadCount` threads, made on first use and kept for the
    /// process's lifetime (runtimes only hold its raw pointer).
    package static func shared(threadCount: Int) throws(InferenceError) -> XNNPACKThreadPool {
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

    /// Whether XNNPACK's parallel loops bind to our pool rather than to Debian's pthreadpool.
    package static var isBoundToXNNPACK: Bool { vt_pool_is_bound() != 0 }

    /// Loops run across the pool's threads, loops run on the caller alone, and items run by workers.
    package var statistics: (parallelLoops: Int, serialLoops: Int, workerItems: Int) {
        guard let pool else { return (0, 0, 0) }
        let counts = vt_pool_statistics_of(UnsafeRawPointer(pool))
        return (Int(counts.parallel_loops), Int(counts.serial_loops), Int(counts.worker_items))
    }

    deinit {
        if let pool { pthreadpool_destroy(pool) }
    }
}

import CThreadPool
import Locking

/// The thread pool our fast kernels and XNNPACK runtimes run on: our own (target CThreadPool),
/// behind pthreadpool's API for XNNPACK.
///
/// One pool per thread count serves the whole process (``shared(threadCount:)``): every
/// interpreter with the same thread count uses it, so a pipeline of several models (face detector,
/// landmarks, blendshapes) has one set of worker threads instead of one per model. While one
/// interpreter runs a parallel loop on it, a loop from another thread runs on that thread alone;
/// idle workers spin for about 50 µs, then sleep. The caller never waits for a worker that has not
/// started an item, so when other processes hold the cores a model runs about as fast as on one
/// thread instead of stalling. With one thread there is no pool: everything runs on the calling
/// thread, which is fastest.
package final class ThreadPool: @unchecked Sendable {  // immutable; the pool synchronizes internally
    let threadCount: Int
    /// `nil` for single-threaded execution. XNNPACK takes it as its `pthreadpool_t`.
    let pool: OpaquePointer?

    private static let pools = Locked<[Int: ThreadPool]>([:])

    /// The default work, in multiply-adds (or element-wise passes over as many values), from which
    /// a kernel uses the pool: ~16k; smaller runs would gain less from a second thread than handing
    /// them over costs. (Measured at 2 threads: face_detector 0.77 ms with this value, 0.85 ms
    /// with 128k.)
    package static let defaultParallelWorkThreshold = 1 << 14

    /// The process-wide pool for `threadCount` threads, made on first use and kept for the
    /// process's lifetime (kernels and runtimes only hold its raw pointer).
    package static func shared(threadCount: Int) throws(InferenceError) -> ThreadPool {
        let count = max(1, threadCount)
        let result: Result<ThreadPool, InferenceError> = pools.withLock { pools in
            if let pool = pools[count] { return .success(pool) }
            do throws(InferenceError) {
                let pool = try ThreadPool(threadCount: count)
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
            guard let pool = vt_pool_make(self.threadCount) else {
                throw InferenceError.threadPoolUnavailable(threads: self.threadCount)
            }
            self.pool = pool
        } else {
            self.pool = nil
        }
    }

    /// Calls `body(i)` for every `i` in `0 ..< count` across the pool's threads, or on the caller
    /// alone when the pool is busy or has one thread, and returns when all calls have returned.
    /// Denormals are left as they are (image work, not a model's).
    package func forEach(_ count: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            var closure = body
            withUnsafeMutablePointer(to: &closure) { closure in
                vt_pool_parallelize_1d(pool, { context, index in
                    context?.assumingMemoryBound(to: ((Int) -> Void).self).pointee(index)
                }, closure, count, 0)
            }
        }
    }

    /// Whether XNNPACK's parallel loops bind to our pool rather than to Debian's pthreadpool
    /// (always false in a build without the XNNPACK trait).
    package static var isBoundToXNNPACK: Bool { vt_pool_is_bound() != 0 }

    /// Loops run across the pool's threads, loops run on the caller alone, and items run by workers.
    package var statistics: (parallelLoops: Int, serialLoops: Int, workerItems: Int) {
        guard let pool else { return (0, 0, 0) }
        let counts = vt_pool_statistics_of(pool)
        return (Int(counts.parallel_loops), Int(counts.serial_loops), Int(counts.worker_items))
    }

    deinit {
        if let pool { vt_pool_free(pool) }
    }
}

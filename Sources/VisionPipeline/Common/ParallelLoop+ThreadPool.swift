import Imaging
import Inference

extension ParallelLoop {
    /// Imaging's row loops on the process's inference pool for `threadCount` threads (docs/engine.md
    /// §5): a few pieces per thread; on the calling thread alone for one thread.
    static func inferencePool(threadCount: Int) -> ParallelLoop {
        guard threadCount > 1, let pool = try? ThreadPool.shared(threadCount: threadCount) else { return .serial }
        return ParallelLoop(pieces: 2 * threadCount) { count, body in pool.forEach(count, body) }
    }
}

/// How a pixel kernel may split its rows: `run(count, body)` calls `body(i)` once for every `i` in
/// `0 ..< count`, perhaps on several threads at once, and returns when all calls have returned;
/// so `body` must be safe to call concurrently (each piece writing only its own rows).
/// Imaging owns no threads; the pipeline hands in its inference thread pool (VisionPipeline's
/// `ParallelLoop.inferencePool(threadCount:)`), so that a frame's image work uses the cores the models use.
public struct ParallelLoop: Sendable {
    /// Pieces worth making: a few per thread, so that unequal rows even out.
    public let pieces: Int
    private let runner: @Sendable (Int, (Int) -> Void) -> Void

    /// A loop over `pieces` pieces that `run` executes.
    public init(pieces: Int, run: @escaping @Sendable (Int, (Int) -> Void) -> Void) {
        self.pieces = max(1, pieces)
        runner = run
    }

    /// Everything on the calling thread, in order.
    public static let serial = ParallelLoop(pieces: 1) { count, body in
        for index in 0..<count { body(index) }
    }

    /// Calls `body` for each of `0 ..< count` and returns when all are done.
    public func run(_ count: Int, _ body: (Int) -> Void) {
        runner(count, body)
    }
}

import Inference
import TFLite

/// Times `Interpreter.invoke()` on one model: the measurement behind `vision-tasks bench`.
package enum ModelBenchmark {
    /// Per-iteration latencies of one benchmark run.
    package struct Result: Sendable {
        /// Wall time of each timed `invoke()`, in milliseconds, in run order.
        package var timesMilliseconds: [Double]
        /// Wall time of loading the model into an interpreter, in milliseconds.
        package var loadMilliseconds: Double = 0
        /// Bytes of the interpreter's arena (activations and constants; XNNPACK's own buffers
        /// are not counted).
        package var arenaBytes: Int = 0
        /// Multiply-adds of one invocation (``MultiplyAdds``).
        package var multiplyAdds: Int = 0
        /// Of the thread pool's loops during the timed invocations, how many it spread over its
        /// threads and how many it ran on the caller alone (its stall back-off, docs/engine.md §5);
        /// both 0 on one thread.
        package var parallelLoops = 0
        package var serialLoops = 0

        package init(timesMilliseconds: [Double]) { self.timesMilliseconds = timesMilliseconds }

        /// The median of ``timesMilliseconds`` (see ``ModelBenchmark/median(_:)``).
        package var medianMilliseconds: Double { ModelBenchmark.median(timesMilliseconds) }
    }

    /// The median of `values`: the mean of the middle two for an even count, 0 when empty.
    package static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// Loads `model` with `options`, fills every input with fixed pseudo-random values in [0, 1),
    /// runs `warmUp` untimed invocations, then times `iterations` invocations one by one with a
    /// monotonic clock. Loading is timed on its own.
    package static func run(model: Model, options: InterpreterOptions, warmUp: Int = 10, iterations: Int = 50) throws -> Result {
        let clock = ContinuousClock()
        let loadStart = clock.now
        let interpreter = try Interpreter(model: model, options: options)
        let load = loadStart.duration(to: clock.now)
        try fillInputs(interpreter)
        for _ in 0..<max(0, warmUp) { try interpreter.invoke() }
        let pool = try ThreadPool.shared(threadCount: options.threadCount)
        let before = pool.statistics
        var times: [Double] = []
        times.reserveCapacity(max(0, iterations))
        for _ in 0..<max(0, iterations) {
            let start = clock.now
            try interpreter.invoke()
            let elapsed = start.duration(to: clock.now)
            times.append(milliseconds(elapsed))
        }
        let after = pool.statistics
        var result = Result(timesMilliseconds: times)
        result.parallelLoops = after.parallelLoops - before.parallelLoops
        result.serialLoops = after.serialLoops - before.serialLoops
        result.loadMilliseconds = milliseconds(load)
        result.arenaBytes = interpreter.memoryFootprint.arenaBytes
        result.multiplyAdds = MultiplyAdds.count(in: interpreter.graph)
        return result
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
    }

    /// Fills every input with fixed pseudo-random values in [0, 1).
    static func fillInputs(_ interpreter: Interpreter) throws {
        var state: UInt64 = 0x5EED
        for index in interpreter.inputs.indices {
            try interpreter.withInput(at: index) { buffer in
                for i in buffer.indices {
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    buffer[i] = Float(state >> 40) / 16_777_216
                }
            }
        }
    }
}

import Foundation

extension Interpreter {
    /// Runs every kernel `runs` times on the current inputs and returns each node's median time in
    /// milliseconds, in execution order (for benchmarks and `inspect`-style tools; not for tests).
    package func profileNodes(runs: Int = 5) -> [(node: Int, op: String, backend: String, milliseconds: Double)] {
        var samples = [[Double]](repeating: [], count: kernelCount)
        for _ in 0..<max(1, runs) {
            invokeTimed { position, seconds in samples[position].append(seconds * 1000) }
        }
        return kernelAssignments.enumerated().map { position, assignment in
            let sorted = samples[position].sorted()
            return (assignment.node, assignment.op, assignment.backend, sorted[sorted.count / 2])
        }
    }
}

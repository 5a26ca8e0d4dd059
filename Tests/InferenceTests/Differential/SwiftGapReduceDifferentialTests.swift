import Inference
import TFLite
import Testing
import TestSupport

/// MEAN and SUM on the Swift gap kernels against the reference, over random ranks, axes
/// (negative and repeated ones included) and keep_dims.
@Suite struct SwiftGapReduceDifferentialTests {
    @Test func reductions() throws {
        try runDifferentialCases("MEAN/SUM (swift-gap)", count: 40, seed: 0x5ED, candidates: swiftGapBackends) { rng in
            let rank = rng.int(in: 1...4)
            let shape = (0..<rank).map { _ in rng.pick([1, 2, 3, 7, 13, 64]) }
            // A contiguous block of axes (the kernel's case), sometimes written negatively or twice.
            let start = rng.int(in: 0...(rank - 1)), end = rng.int(in: start...(rank - 1))
            var axes = (start...end).map { rng.bool() ? Int32($0) : Int32($0 - rank) }
            if rng.int(in: 0...4) == 0 { axes.append(axes[0]) }
            let op = rng.pick([BuiltinOperator.mean, .sum])
            var b = TestGraphBuilder()
            let x = b.input(shape)
            let a = b.constant(int32: axes, [axes.count])
            let y = try b.node(op, .reducer(keepDims: rng.bool()), [x, a])
            let reduced = (start...end).map { shape[$0] }.reduce(1, *)
            return DifferentialCase(description: "\(op) \(shape) axes \(axes)", graph: try b.graph(outputs: [y]),
                                    inputs: [rng.floats(shape.reduce(1, *), in: -1, 1)], reductionLength: reduced,
                                    expectedBackend: "swift-gap")
        }
    }

    @Test func nonContiguousAxesFallBackToReference() throws {
        var b = TestGraphBuilder()
        let x = b.input([2, 3, 4])
        let a = b.constant(int32: [0, 2], [2])
        let y = try b.node(.mean, .reducer(keepDims: false), [x, a])
        let interpreter = try Interpreter(graph: try b.graph(outputs: [y]), backends: [SwiftGapBackend()], threadCount: 1)
        #expect(interpreter.kernelAssignments.map(\.backend) == ["reference"])
    }
}

import Inference
import TFLite
import Testing
import TestSupport

/// TRANSPOSE on the Swift gap kernel against the reference: random shapes (with size-1
/// dimensions and row counts that are not multiples of 4) whose permutation swaps the last two
/// blocks of dimensions; other permutations must stay on the reference.
@Suite struct SwiftGapTransposeDifferentialTests {
    @Test func swapsOfTheLastTwoBlocks() throws {
        try runDifferentialCases("TRANSPOSE (swift-gap)", count: 30, seed: 0x7A5, candidates: swiftGapBackends) { rng in
            let rank = rng.int(in: 2...4)
            let shape = (0..<rank).map { _ in rng.pick([1, 2, 3, 5, 8, 13, 97]) }
            // Axes [0, split) stay, [split, cut) and [cut, rank) trade places.
            let split = rng.int(in: 0...(rank - 2)), cut = rng.int(in: (split + 1)...(rank - 1))
            let permutation = Array(0..<split) + Array(cut..<rank) + Array(split..<cut)
            var b = TestGraphBuilder()
            let x = b.input(shape)
            let perm = b.constant(int32: permutation.map(Int32.init), [rank])
            let y = try b.node(.transpose, .none, [x, perm])
            let graph = try b.graph(outputs: [y])
            // When either block holds only size-1 dimensions nothing moves: no swap, so the
            // kernel declines and the reference runs it.
            let isSwap = shape[split..<cut].reduce(1, *) > 1 && shape[cut...].reduce(1, *) > 1
            return DifferentialCase(description: "TRANSPOSE \(shape) perm \(permutation)", graph: graph,
                                    inputs: [rng.floats(shape.reduce(1, *), in: -1, 1)],
                                    expectedBackend: isSwap ? "swift-gap" : "reference")
        }
    }

    @Test func otherPermutationsStayOnTheReference() throws {
        var b = TestGraphBuilder()
        let x = b.input([2, 3, 4])
        let perm = b.constant(int32: [1, 0, 2], [3])  // swaps the outer two, keeps the rows
        let y = try b.node(.transpose, .none, [x, perm])
        let interpreter = try Interpreter(graph: try b.graph(outputs: [y]), backends: [SwiftGapBackend()], threadCount: 1)
        #expect(interpreter.kernelAssignments.map(\.backend) == ["reference"])
    }
}

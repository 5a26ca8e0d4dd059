#if XNNPACK
import Inference
import TFLite
import Testing
import TestSupport

/// ``XNNPACKBackend/fusesOnlyWhatXNNPACKFuses``: a run grows only by a node XNNPACK fuses with the
/// one before it (a convolution after its PAD, a clamp after its producer); everything else gets a
/// runtime of its own, and the results still match the reference.
@Suite struct XNNPACKFusedPairsTests {
    @Test func runsKeepOnlyFusedNodesTogether() throws {
        var rng = SplitMix64(seed: 31)
        var b = TestGraphBuilder()
        let x = b.input([1, 8, 8, 8])
        let padded = try b.node(.pad, .none, [x, b.constant(int32: [0, 0, 1, 1, 1, 1, 0, 0], [4, 2])])
        let filter = b.constant(rng.floats(8 * 9 * 8, in: -0.5, 0.5), [8, 3, 3, 8])
        let conv = try b.node(.conv2D, .conv2D(Conv2DOptions(padding: .valid, strideW: 1, strideH: 1)), [padded, filter])
        let relu = try b.node(.relu, .none, [conv])                                   // fused into the convolution
        let sum = try b.node(.add, .elementwise(fusedActivation: .none), [relu, x])   // a runtime of its own
        let y = try b.node(.logistic, .none, [sum])                                   // and another
        let graph = try b.graph(outputs: [y])

        let backend = XNNPACKBackend(fusesOnlyWhatXNNPACKFuses: true)
        _ = try Interpreter(graph: graph, backends: [backend], threadCount: 1)
        #expect(backend.segmentCount == 3)
        let fused = XNNPACKBackend()
        _ = try Interpreter(graph: graph, backends: [fused], threadCount: 1)
        #expect(fused.segmentCount == 1)
        try expectCandidatesMatchReference(DifferentialCase(
            description: "PAD, CONV, RELU, ADD, LOGISTIC", graph: graph, inputs: [rng.floats(512, in: -1, 1)],
            reductionLength: 72))
    }
}
#endif

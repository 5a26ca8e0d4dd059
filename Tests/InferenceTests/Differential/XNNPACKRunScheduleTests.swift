#if XNNPACK
import Inference
import TFLite
import Testing
import TestSupport

/// Runs whose output may take the arena slot of an input: written straight into place when the
/// run has finished reading the input before writing the output, through a private buffer when a
/// fusion (PAD into the convolution after it) makes the run read the input later. Either way the
/// results match the reference.
@Suite struct XNNPACKRunScheduleTests {
    /// A 1×1 convolution on `input` with seeded weights.
    private static func conv(_ b: inout TestGraphBuilder, _ input: Int, _ rng: inout SplitMix64, kernel: Int = 1) throws -> Int {
        let f = b.constant(rng.floats(64 * kernel * kernel, in: -0.5, 0.5), [8, kernel, kernel, 8])
        let bias = b.constant(rng.floats(8, in: -0.1, 0.1), [8])
        return try b.node(.conv2D, .conv2D(Conv2DOptions(padding: .valid, strideW: 1, strideH: 1)), [input, f, bias])
    }

    @Test func outputWrittenAfterTheLastReadNeedsNoCopy() throws {
        var rng = SplitMix64(seed: 21)
        var b = TestGraphBuilder()
        let perm = b.constant(int32: [0, 2, 1, 3], [4])
        let u = try b.node(.transpose, .none, [b.input([1, 8, 8, 8]), perm])   // reference
        var t = try Self.conv(&b, u, &rng)                                       // run starts: u's last read
        for _ in 0..<3 { t = try Self.conv(&b, try b.node(.relu, .none, [t]), &rng) }
        let y = try b.node(.transpose, .none, [t, perm])                         // reference
        let graph = try b.graph(outputs: [y])
        let backend = XNNPACKBackend()
        _ = try Interpreter(graph: graph, backends: [backend], threadCount: 1)
        #expect(backend.deferredOutputCount == 0)
        try expectCandidatesMatchReference(DifferentialCase(
            description: "output after last read", graph: graph, inputs: [rng.floats(512, in: -1, 1)],
            reductionLength: 8, expectedBackend: nil))
    }

    @Test func padFusedIntoTheConvolutionKeepsTheInputAlive() throws {
        var rng = SplitMix64(seed: 22)
        var b = TestGraphBuilder()
        let perm = b.constant(int32: [0, 2, 1, 3], [4])
        let u = try b.node(.transpose, .none, [b.input([1, 8, 8, 8]), perm])    // reference
        let paddings = b.constant(int32: [0, 0, 1, 1, 1, 1, 0, 0], [4, 2])
        let padded = try b.node(.pad, .none, [u, paddings])                      // u's last read in the graph
        let c = try Self.conv(&b, padded, &rng, kernel: 3)                       // XNNPACK reads u here
        let y = try b.node(.transpose, .none, [c, perm])                         // reference
        let graph = try b.graph(outputs: [y])
        let backend = XNNPACKBackend()
        _ = try Interpreter(graph: graph, backends: [backend], threadCount: 1)
        try expectCandidatesMatchReference(DifferentialCase(
            description: "PAD fused into a convolution", graph: graph, inputs: [rng.floats(512, in: -1, 1)],
            reductionLength: 72, expectedBackend: nil))
    }
}
#endif

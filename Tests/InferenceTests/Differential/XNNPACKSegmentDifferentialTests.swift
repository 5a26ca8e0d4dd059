#if XNNPACK
import Inference
import TFLite
import Testing
import TestSupport

/// Runs of several nodes compiled into one XNNPACK runtime: tensors crossing the run's boundary,
/// slots the memory plan shares between tensors whose lifetimes end inside the run, fused PAD
/// and activations, and fallback nodes between runs.
@Suite struct XNNPACKSegmentDifferentialTests {
    /// A MobileNet-like block chain with a TRANSPOSE (which XNNPACK lacks) in the middle and a
    /// residual that crosses it.
    static func chain(_ rng: inout SplitMix64, channels: Int, size: Int) throws -> DifferentialCase {
        var b = TestGraphBuilder()
        let x = b.input([1, size, size, 3])
        func conv(_ input: Int, _ cout: Int, k: Int, stride: Int, _ padding: Padding, _ act: FusedActivation, _ rng: inout SplitMix64) throws -> Int {
            let cin = b.shape(input)[3]
            let f = b.constant(rng.floats(cout * k * k * cin, in: -0.5, 0.5), [cout, k, k, cin])
            let bias = b.constant(rng.floats(cout, in: -0.1, 0.1), [cout])
            return try b.node(.conv2D, .conv2D(Conv2DOptions(padding: padding, strideW: stride, strideH: stride, fusedActivation: act)), [input, f, bias])
        }
        func depthwise(_ input: Int, stride: Int, _ padding: Padding, _ rng: inout SplitMix64) throws -> Int {
            let c = b.shape(input)[3]
            let f = b.constant(rng.floats(9 * c, in: -0.5, 0.5), [1, 3, 3, c])
            let bias = b.constant(rng.floats(c, in: -0.1, 0.1), [c])
            return try b.node(.depthwiseConv2D, .depthwiseConv2D(DepthwiseConv2DOptions(padding: padding, strideW: stride, strideH: stride, fusedActivation: .relu6)), [input, f, bias])
        }
        let pads = b.constant(int32: [0, 0, 1, 1, 1, 1, 0, 0], [4, 2])
        let padded = try b.node(.pad, .none, [x, pads])
        let stem = try conv(padded, channels, k: 3, stride: 2, .valid, .relu, &rng)
        let padded2 = try b.node(.pad, .none, [stem, pads])
        let d1 = try depthwise(padded2, stride: 1, .valid, &rng)
        let p1 = try conv(d1, channels, k: 1, stride: 1, .valid, .none, &rng)
        let sum1 = try b.node(.add, .elementwise(fusedActivation: .relu), [p1, stem])
        let perm = b.constant(int32: [0, 2, 1, 3], [4])
        let transposed = try b.node(.transpose, .none, [sum1, perm])
        let d2 = try depthwise(transposed, stride: 2, .same, &rng)
        let p2 = try conv(d2, channels + 5, k: 1, stride: 1, .same, .relu6, &rng)
        let up = b.constant(int32: [Int32(b.shape(sum1)[1]), Int32(b.shape(sum1)[2])], [2])
        let resized = try b.node(.resizeBilinear, .resizeBilinear(alignCorners: false, halfPixelCenters: true), [p2, up])
        let head = try conv(resized, channels, k: 1, stride: 1, .valid, .none, &rng)
        let merged = try b.node(.add, .elementwise(fusedActivation: .none), [head, sum1])
        let logits = try b.node(.logistic, .none, [merged])
        return DifferentialCase(
            description: "chain c\(channels) s\(size)", graph: try b.graph(outputs: [logits, p2]),
            inputs: [rng.floats(size * size * 3, in: -1, 1)], reductionLength: 9 * 3 * channels * 4,
            expectedBackend: nil)
    }

    @Test func chainsAcrossFallbackNodes() throws {
        try runDifferentialCases("segments", count: 6, seed: 0x5E6) { rng in
            try Self.chain(&rng, channels: rng.pick([8, 13, 16]), size: rng.pick([16, 17, 24]))
        }
    }

    @Test func onlyTheTransposeFallsBack() throws {
        var rng = SplitMix64(seed: 7)
        let testCase = try Self.chain(&rng, channels: 8, size: 16)
        let interpreter = try Interpreter(graph: testCase.graph, backends: [XNNPACKBackend()], threadCount: 1)
        let fallbacks = interpreter.kernelAssignments.filter { $0.backend != "xnnpack" }.map(\.op)
        #expect(fallbacks == ["TRANSPOSE"])
    }
}

/// A run whose outputs land in arena slots the memory plan shares with the run's own input:
/// they go through private buffers (counted by the backend) and still match the reference.
@Suite struct XNNPACKSharedSlotTests {
    @Test func outputsSharingAnInputSlotAreDeferred() throws {
        var rng = SplitMix64(seed: 11)
        var b = TestGraphBuilder()
        let shape = [1, 8, 8, 8]
        let x = b.input(shape)
        let perm = b.constant(int32: [0, 2, 1, 3], [4])
        func conv(_ input: Int, _ rng: inout SplitMix64) throws -> Int {
            let f = b.constant(rng.floats(64, in: -0.5, 0.5), [8, 1, 1, 8])
            let bias = b.constant(rng.floats(8, in: -0.1, 0.1), [8])
            return try b.node(.conv2D, .conv2D(Conv2DOptions(padding: .valid, strideW: 1, strideH: 1)), [input, f, bias])
        }
        let u = try b.node(.transpose, .none, [x, perm])           // reference
        let a = try conv(u, &rng)                                  // XNNPACK run starts: u's last use
        let r = try b.node(.relu, .none, [a])                      // leaves the run (used by the ADD)
        let c = try conv(r, &rng)                                  // leaves the run (used by the TRANSPOSE)
        let t = try b.node(.transpose, .none, [c, perm])           // reference
        let y = try b.node(.add, .elementwise(fusedActivation: .none), [t, r])
        let graph = try b.graph(outputs: [y])

        let backend = XNNPACKBackend()
        _ = try Interpreter(graph: graph, backends: [backend], threadCount: 1)
        #expect(backend.deferredOutputCount > 0)
        try expectCandidatesMatchReference(DifferentialCase(
            description: "shared slots", graph: graph, inputs: [rng.floats(512, in: -1, 1)],
            reductionLength: 64, expectedBackend: nil))
    }
}
#endif

import Inference
import TFLite
import Testing
import TestSupport

/// ``Graph/foldingActivations()``: a RELU or RELU6 that alone reads a convolution's or an ADD's
/// output becomes that node's fused activation; the results do not change on any backend.
@Suite("RELU folding")
struct ActivationFoldingTests {
    private static func outputs(_ graph: Graph, _ backend: any Backend, input: [Float]) throws -> [Float] {
        let interpreter = try Interpreter(graph: graph, backends: [backend], threadCount: 1)
        try interpreter.copyInput(input, at: 0)
        try interpreter.invoke()
        return (0..<graph.outputs.count).flatMap { interpreter.output(at: $0) }
    }

    @Test("RELUs after a convolution, a depthwise convolution and an ADD fold; the others stay")
    func foldsWhereTheMeaningIsTheSame() throws {
        var rng = SplitMix64(seed: 0xAC7)
        var b = TestGraphBuilder()
        let x = b.input([1, 6, 7, 8])
        let plain = Conv2DOptions(padding: .same, strideW: 1, strideH: 1, dilationW: 1, dilationH: 1, fusedActivation: .none)
        func conv(_ input: Int, _ options: Conv2DOptions = plain) throws -> Int {
            try b.node(.conv2D, .conv2D(options), [input, b.constant(rng.floats(8 * 8, in: -1, 1), [8, 1, 1, 8]), b.constant(rng.floats(8, in: -1, 1), [8])])
        }
        let depthwiseOptions = DepthwiseConv2DOptions(padding: .same, strideW: 1, strideH: 1, depthMultiplier: 1, dilationW: 1, dilationH: 1,
                                                      fusedActivation: .none)
        // Folded: conv → RELU, depthwise → RELU6, ADD → RELU.
        let a = try b.node(.relu, .none, [try conv(x)])
        let depthwise = try b.node(.depthwiseConv2D, .depthwiseConv2D(depthwiseOptions), [a, b.constant(rng.floats(9 * 8, in: -1, 1), [1, 3, 3, 8])])
        let c = try b.node(.relu6, .none, [depthwise])
        let d = try b.node(.relu, .none, [try b.node(.add, .elementwise(fusedActivation: .none), [c, x])])
        // Kept: a convolution with a clamp of its own, an output read twice, a MUL, and a RELU of a graph output.
        var clamped = plain
        clamped.fusedActivation = .relu6
        let e = try b.node(.relu, .none, [try conv(d, clamped)])
        let twice = try conv(e)
        let f = try b.node(.add, .elementwise(fusedActivation: .none), [try b.node(.relu, .none, [twice]), twice])
        let g = try b.node(.relu, .none, [try b.node(.mul, .elementwise(fusedActivation: .none), [f, f])])
        let shown = try conv(g)
        let h = try b.node(.relu, .none, [shown])
        let graph = try b.graph(outputs: [h, shown])

        let folded = graph.foldingActivations()
        #expect(folded.nodes.count == graph.nodes.count - 3)
        #expect(folded.nodes.filter { $0.op == .relu || $0.op == .relu6 }.count == 4)
        #expect(folded.nodes[0].options == .conv2D(Conv2DOptions(padding: .same, strideW: 1, strideH: 1, fusedActivation: .relu)))
        _ = try Graph(checking: folded)
        let input = rng.floats(6 * 7 * 8, in: -1, 1)
        let reference = try Self.outputs(graph, ReferenceBackend(), input: input)
        #expect(try Self.outputs(folded, ReferenceBackend(), input: input) == reference)
        #if XNNPACK
        #expect(try Self.outputs(folded, XNNPACKBackend(), input: input) == Self.outputs(graph, XNNPACKBackend(), input: input))
        #endif
        #expect(reference.contains { $0 > 0 } && reference.contains { $0 == 0 })
    }
}

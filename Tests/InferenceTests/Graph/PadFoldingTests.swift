import Inference
import TFLite
import Testing
import TestSupport

/// ``Graph/foldingSpatialPads()``: a PAD of rows and columns that only one convolution reads
/// becomes that convolution's ``Node/foldedPadding``; the results do not change on any backend.
@Suite("PAD folding")
struct PadFoldingTests {
    private static let valid3x3 = DepthwiseConv2DOptions(padding: .valid, strideW: 1, strideH: 1, depthMultiplier: 1,
                                                         dilationW: 1, dilationH: 1, fusedActivation: .relu6)

    /// `x [1, 7, 10, 5]` padded by (top 2, bottom 1, left 0, right 3), then `convolution`.
    private static func paddedGraph(_ convolution: (inout TestGraphBuilder, Int) throws -> Int) throws -> Graph {
        var b = TestGraphBuilder()
        let x = b.input([1, 7, 10, 5])
        let padded = try b.node(.pad, .none, [x, b.constant(int32: [0, 0, 2, 1, 0, 3, 0, 0], [4, 2])])
        let y = try convolution(&b, padded)
        return try b.graph(outputs: [y])
    }

    private static func outputs(_ graph: Graph, _ backend: any Backend, input: [Float]) throws -> [Float] {
        let interpreter = try Interpreter(graph: graph, backends: [backend], threadCount: 1)
        try interpreter.copyInput(input, at: 0)
        try interpreter.invoke()
        return interpreter.output(at: 0)
    }

    @Test("depthwise VALID and convolution SAME stride 2: PAD gone, same results on every backend")
    func foldsIntoConvolutions() throws {
        var rng = SplitMix64(seed: 0xFAD)
        let depthwiseFilter = rng.floats(9 * 5, in: -1, 1), convFilter = rng.floats(6 * 3 * 3 * 5, in: -1, 1)
        let graphs = [
            try Self.paddedGraph { b, padded in
                try b.node(.depthwiseConv2D, .depthwiseConv2D(Self.valid3x3), [padded, b.constant(depthwiseFilter, [1, 3, 3, 5])])
            },
            try Self.paddedGraph { b, padded in
                let options = Conv2DOptions(padding: .same, strideW: 2, strideH: 2, dilationW: 1, dilationH: 1, fusedActivation: .none)
                return try b.node(.conv2D, .conv2D(options), [padded, b.constant(convFilter, [6, 3, 3, 5]), b.constant([0.5, -1, 0, 1, 2, 3], [6])])
            },
        ]
        let input = rng.floats(7 * 10 * 5, in: -1, 1)
        for graph in graphs {
            let folded = graph.foldingSpatialPads()
            #expect(folded.nodes.map(\.op) == [graph.nodes[1].op])
            #expect(folded.nodes[0].inputs[0] == graph.inputs[0])
            #expect(folded.nodes[0].foldedPadding == SpatialPadding(top: 2, bottom: 1, left: 0, right: 3))
            // The folded graph passes the same checks, with the declared output shape.
            _ = try Graph(checking: folded)
            let reference = try Self.outputs(graph, ReferenceBackend(), input: input)
            #expect(try Self.outputs(folded, ReferenceBackend(), input: input) == reference)
            #if XNNPACK
            #expect(try Self.outputs(folded, XNNPACKBackend(), input: input) == Self.outputs(graph, XNNPACKBackend(), input: input))
            #endif
            #expect(reference.contains { $0 != 0 })
        }
    }

    @Test("a PAD of channels, one read twice, one that is a graph output, and one before an ADD stay")
    func keepsOtherPads() throws {
        func graph(paddings: [Int32], build: (inout TestGraphBuilder, Int) throws -> [Int]) throws -> Graph {
            var b = TestGraphBuilder()
            let x = b.input([1, 6, 6, 4])
            let padded = try b.node(.pad, .none, [x, b.constant(int32: paddings, [4, 2])])
            let outputs = try build(&b, padded)
            return try b.graph(outputs: outputs)
        }
        let spatial: [Int32] = [0, 0, 1, 1, 1, 1, 0, 0]
        func depthwise(_ b: inout TestGraphBuilder, _ input: Int, channels: Int) throws -> Int {
            try b.node(.depthwiseConv2D, .depthwiseConv2D(Self.valid3x3), [input, b.constant([Float](repeating: 0.5, count: 9 * channels), [1, 3, 3, channels])])
        }
        let graphs = [
            try graph(paddings: [0, 0, 1, 1, 1, 1, 0, 4]) { b, padded in [try depthwise(&b, padded, channels: 8)] },
            try graph(paddings: spatial) { b, padded in [try depthwise(&b, padded, channels: 4), try depthwise(&b, padded, channels: 4)] },
            try graph(paddings: spatial) { b, padded in [try depthwise(&b, padded, channels: 4), padded] },
            try graph(paddings: spatial) { b, padded in [try b.node(.add, .elementwise(fusedActivation: .none), [padded, padded])] },
        ]
        for graph in graphs {
            let folded = graph.foldingSpatialPads()
            #expect(folded.nodes == graph.nodes)
        }
    }
}

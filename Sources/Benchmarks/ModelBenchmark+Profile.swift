import Inference
import TFLite

extension ModelBenchmark {
    /// One node's share of an invocation, from ``profile(model:options:splitsSegments:runs:)``.
    package struct NodeTime: Sendable {
        package var node: Int
        package var op: String
        package var backend: String
        /// Median wall time over the profiled runs, in milliseconds.
        package var milliseconds: Double
        /// The node's multiply-adds (``MultiplyAdds/count(ofNode:in:)``; zero for other operators).
        package var multiplyAdds: Int
        /// The node's first output's shape, as the graph declares it (NHWC for an image's layers).
        package var outputShape: [Int]
    }

    /// Times every kernel of `model` separately (median of `runs` invocations after a warm-up).
    ///
    /// With `splitsSegments`, the XNNPACK backend gets one runtime per node, so each node's own
    /// cost shows (at the price of the fusion a normal run gets); otherwise a fused run's whole
    /// time is reported at its first node and its other nodes show (almost) nothing. With
    /// `xnnpackAlone` (and the XNNPACK backend), XNNPACK runs every node our fast kernels would have
    /// taken, so that each kernel can be compared with XNNPACK's on the same node.
    package static func profile(model: Model, options: InterpreterOptions, splitsSegments: Bool, xnnpackAlone: Bool = false,
                                runs: Int = 20) throws -> [NodeTime] {
        var graph = try Graph(model: model)
        if let shape = options.inputShape { graph = try graph.resizingInput(to: shape) }
        let threads = max(1, options.threadCount)
        var backends = try options.backend.makeBackends(threadCount: threads)
        #if XNNPACK
        if xnnpackAlone, options.backend == .xnnpack { backends = InterpreterOptions.Backend.xnnpackAloneBackends() }
        if splitsSegments, options.backend == .xnnpack {
            backends = backends.map { ($0 as? XNNPACKBackend)?.withOneRuntimePerNode() ?? $0 }
        }
        #endif
        let interpreter = try Interpreter(graph: graph, backends: backends, threadCount: threads)
        try fillInputs(interpreter)
        for _ in 0..<3 { try interpreter.invoke() }
        let positions = Dictionary(graph.nodes.indices.map { (graph.nodes[$0].index, $0) }, uniquingKeysWith: { first, _ in first })
        return interpreter.profileNodes(runs: runs).map { time in
            let position = positions[time.node]
            return NodeTime(
                node: time.node, op: time.op, backend: time.backend, milliseconds: time.milliseconds,
                multiplyAdds: position.map { MultiplyAdds.count(ofNode: $0, in: graph) } ?? 0,
                outputShape: position.flatMap { graph.nodes[$0].outputs.first }.map { graph.tensors[$0].shape } ?? [])
        }
    }
}

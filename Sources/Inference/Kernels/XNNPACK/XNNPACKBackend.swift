#if XNNPACK
import TFLite

/// Runs nodes with XNNPACK (Debian's 2022 snapshot) through its subgraph API.
///
/// Each maximal run of consecutive nodes that XNNPACK supports becomes one XNNPACK runtime
/// (see ``XNNPACKSegment``); other nodes return `nil` so the interpreter falls back to Swift
/// kernels. Weights are packed once at load; `invoke` only calls into XNNPACK.
///
/// One instance serves one interpreter: it remembers which nodes it has already folded into a
/// segment, so `makeKernel` must be called in node order. Its runtimes run on the process-wide
/// thread pool for the interpreter's thread count (``ThreadPool/shared(threadCount:)``).
package final class XNNPACKBackend: Backend {
    package let name = "xnnpack"
    /// Lets XNNPACK run sparse 1x1-convolution stretches in NCHW (it decides per cluster). Note:
    /// the 2022 XNNPACK in Debian enables its NCHW path on x86 only without AVX (it expects dense
    /// AVX kernels to be faster), so on AVX machines this flag changes nothing; it does on ARM.
    package let sparseInference: Bool
    /// When false every node gets its own runtime (used by per-op tests).
    package let fusesNodes: Bool
    /// When true (and `fusesNodes`), a run only grows by a node XNNPACK fuses with the one before
    /// it (a convolution after a PAD, a clamp after its producer); every other node gets its own
    /// runtime. Each runtime plans its own workspace for the tensors inside it, so many runs of
    /// several nodes touch far more memory than one runtime or single nodes (whose tensors all
    /// live in the interpreter's arena): on face_landmarks_detector split into 35 runs, 27 % slower.
    package let fusesOnlyWhatXNNPACKFuses: Bool
    /// Runs whose estimated work (``XNNPACKOperation/estimatedWork(in:)``) is below this stay on
    /// the calling thread whatever the thread count (0: every run uses the pool; for tests).
    package let parallelWorkThreshold: Int
    /// Nodes left to a backend asked before this one (``FastBackend``): runs of XNNPACK nodes end
    /// before them instead of folding them in.
    package let leavesNode: @Sendable (Node, Graph) -> Bool
    /// Operators this backend never takes, so that the backends after it run them.
    package let declinedOperators: Set<BuiltinOperator>
    /// Why nodes were left to other backends, by model operator index.
    package private(set) var fallbackReasons: [Int: String] = [:]
    /// XNNPACK runtimes made so far (one per run of supported nodes).
    package private(set) var segmentCount = 0
    /// Outputs routed through a private buffer and copied into their arena slot (see ``XNNPACKSegment``).
    package private(set) var deferredOutputCount = 0

    /// Kernels for nodes already covered by a segment, by position in `Graph.nodes`.
    private var coveredKernels: [Int: any Kernel] = [:]

    package init(
        sparseInference: Bool = true, fusesNodes: Bool = true, fusesOnlyWhatXNNPACKFuses: Bool = false,
        parallelWorkThreshold: Int = ThreadPool.defaultParallelWorkThreshold,
        leavesNode: @escaping @Sendable (Node, Graph) -> Bool = { _, _ in false },
        declinedOperators: Set<BuiltinOperator> = []
    ) {
        self.sparseInference = sparseInference
        self.fusesNodes = fusesNodes
        self.fusesOnlyWhatXNNPACKFuses = fusesOnlyWhatXNNPACKFuses
        self.parallelWorkThreshold = parallelWorkThreshold
        self.leavesNode = leavesNode
        self.declinedOperators = declinedOperators
    }

    /// A fresh backend with these settings but one runtime per node (for profiling each node).
    package func withOneRuntimePerNode() -> XNNPACKBackend {
        XNNPACKBackend(sparseInference: sparseInference, fusesNodes: false, fusesOnlyWhatXNNPACKFuses: fusesOnlyWhatXNNPACKFuses,
                       parallelWorkThreshold: parallelWorkThreshold, leavesNode: leavesNode, declinedOperators: declinedOperators)
    }

    package func makeKernel(for context: KernelContext) throws -> (any Kernel)? {
        let graph = context.graph
        guard let position = graph.nodes.firstIndex(where: { $0.index == context.node.index }) else {
            throw InferenceError.invalidGraph(detail: "node \(context.node.index) is not in the graph")
        }
        if let kernel = coveredKernels.removeValue(forKey: position) { return kernel }
        guard !declinedOperators.contains(context.node.op) else { return nil }
        do {
            try XNNPACKRuntime.ensureInitialized()
        } catch {
            // E.g. a processor XNNPACK does not support: every node falls back to Swift kernels.
            fallbackReasons[context.node.index] = "\(error)"
            return nil
        }

        let first: XNNPACKOperation
        do {
            first = try XNNPACKOperation(node: graph.nodes[position], graph: graph)
        } catch {
            fallbackReasons[context.node.index] = error.description
            return nil
        }
        var operations = [(position: position, operation: first)]
        if fusesNodes {
            var next = position + 1
            while next < graph.nodes.count, !leavesNode(graph.nodes[next], graph), !declinedOperators.contains(graph.nodes[next].op),
                  let operation = try? XNNPACKOperation(node: graph.nodes[next], graph: graph),
                  !fusesOnlyWhatXNNPACKFuses || operations[operations.count - 1].operation.isFused(with: operation) {
                operations.append((next, operation))
                next += 1
            }
        }

        // A run too small to split runs on the calling thread: handing it to the pool would cost
        // more (waking and joining workers once per operation) than the work itself.
        let work = operations.reduce(0) { $0.addingReportingOverflow($1.operation.estimatedWork(in: graph)).partialValue }
        let pool = try pool(threadCount: work < parallelWorkThreshold ? 1 : context.threadCount)
        let segment: XNNPACKSegment
        do {
            segment = try XNNPACKSegment(operations: operations, graph: graph, pointer: context.floats,
                                         threadPool: pool, sparseInference: sparseInference)
        } catch where operations.count > 1 {
            // Some node XNNPACK refused at definition: run this node alone; the next call starts a new run.
            do {
                segment = try XNNPACKSegment(operations: [operations[0]], graph: graph, pointer: context.floats,
                                             threadPool: pool, sparseInference: sparseInference)
            } catch {
                fallbackReasons[context.node.index] = "\(error)"
                return nil
            }
        } catch {
            fallbackReasons[context.node.index] = "\(error)"
            return nil
        }
        segmentCount += 1
        deferredOutputCount += segment.deferredCopies.values.reduce(0) { $0 + $1.count }
        for covered in segment.positions.dropFirst() {
            coveredKernels[covered] = XNNPACKCoveredNodeKernel(segment: segment, position: covered)
        }
        return XNNPACKSegmentKernel(segment: segment)
    }

    private func pool(threadCount: Int) throws -> ThreadPool {
        try ThreadPool.shared(threadCount: threadCount)
    }
}
#endif

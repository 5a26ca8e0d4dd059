import Dispatch
import TFLite

/// Runs a TFLite model.
///
/// Loading builds and checks the graph (every operator, option and shape), folds constant
/// DEQUANTIZE and DENSIFY nodes, plans memory, and binds one kernel per operator, so ``invoke()``
/// allocates nothing. Inputs and outputs are float32 in row-major order (NHWC for images).
///
/// An interpreter is not thread-safe: use one per thread.
public final class Interpreter {
    package let graph: Graph
    package let plan: MemoryPlan
    let arena: Arena
    private let kernels: [any Kernel]
    private let assignments: [(node: Int, op: String, backend: String)]
    private let fallbackRecords: [(node: Int, op: String, backend: String, reason: String)]

    /// Loads `model` (its first subgraph) with the chosen backend and thread count, at
    /// ``InterpreterOptions/inputShape`` when set, leaving out the operators that only serve
    /// ``InterpreterOptions/skippedOutputs``.
    public convenience init(model: Model, options: InterpreterOptions = .init()) throws {
        var graph = try Graph(model: model)
        if let shape = options.inputShape { graph = try graph.resizingInput(to: shape) }
        if !options.skippedOutputs.isEmpty { graph = try graph.pruned(skippingOutputs: options.skippedOutputs) }
        let backends = try options.backend.makeBackends(threadCount: max(1, options.threadCount))
        try self.init(graph: consume graph, backends: backends, threadCount: max(1, options.threadCount))
    }

    /// Prepares `graph` (already checked), asking `backends` in order for each node's kernel and
    /// falling back to the reference backend when none of them runs it. The ADDs and PRELUs the
    /// first backend applies to a convolution's output are fused into it first. Constants
    /// that the first backend packs at load are not copied into the arena, and their values are
    /// let go once their last reader's kernel is made, so that loading holds each model's weights
    /// about once (when the caller hands over its graph).
    package init(graph handedOver: consuming Graph, backends: [any Backend], threadCount: Int) throws {
        var graph = consume handedOver
        if let first = backends.first { graph = graph.fusingPointwiseEpilogues(allowing: first.fusableEpilogue) }
        let plan = MemoryPlan(graph: graph)
        let packed = Self.constantsPackedAtLoad(graph, by: backends.first)
        var lastReader: [Int: Int] = [:]
        for (position, node) in graph.nodes.enumerated() {
            for input in node.inputs where packed.contains(input) { lastReader[input] = position }
        }
        let arena = try Arena(graph: graph, plan: plan, leavingOut: packed)
        let reference = ReferenceBackend()
        var kernels: [any Kernel] = []
        var assignments: [(node: Int, op: String, backend: String)] = []
        var fallbacks: [(node: Int, op: String, backend: String, reason: String)] = []
        kernels.reserveCapacity(graph.nodes.count)
        for (position, node) in graph.nodes.enumerated() {
            // The node's constants that the arena left out, copied for the kernel to pack; the
            // graph lets their values go after their last reader.
            var staged: [Int: UnsafeMutablePointer<Float>] = [:]
            for input in node.inputs where packed.contains(input) && staged[input] == nil {
                guard case .float32(let values)? = graph.tensors[input].constant else { continue }
                let copy = UnsafeMutablePointer<Float>.allocate(capacity: max(values.count, 1))
                values.withUnsafeBufferPointer { if let source = $0.baseAddress { copy.initialize(from: source, count: $0.count) } }
                staged[input] = copy
                if lastReader[input] == position { graph.tensors[input].constant = .float32([]) }
            }
            defer { for copy in staged.values { copy.deallocate() } }
            let context = KernelContext(graph: graph, node: node, threadCount: threadCount, arena: arena, staged: staged)
            var made: (kernel: any Kernel, backend: String)?
            for backend in backends {
                if let kernel = try backend.makeKernel(for: context) {
                    made = (kernel, backend.name)
                    break
                }
                let reason = backend.fallbackReason(forNode: node.index) ?? "not supported by this backend"
                fallbacks.append((node.index, node.op.name, backend.name, reason))
            }
            if made == nil, let kernel = try reference.makeKernel(for: context) {
                made = (kernel, reference.name)
            }
            guard let made else {
                throw InferenceError.unsupportedOperator(name: node.op.name, node: node.index)
            }
            kernels.append(made.kernel)
            assignments.append((node.index, node.op.name, made.backend))
        }
        self.plan = plan
        self.arena = arena
        self.kernels = kernels
        self.assignments = assignments
        fallbackRecords = fallbacks
        // The kernels have what they need (the arena's copy of each constant, their own packed
        // weights); the graph kept for shapes and names lets its constants' values go.
        self.graph = graph.releasingConstantValues()
    }

    /// The float32 constants that `first` (the backend asked first for every node) packs at load
    /// for every node that reads them: the arena need not hold them.
    private static func constantsPackedAtLoad(_ graph: Graph, by first: (any Backend)?) -> Set<Int> {
        guard let first else { return [] }
        var packed = Set<Int>(), readElsewhere = Set<Int>()
        for node in graph.nodes {
            let packing = Set(first.constantsPackedAtLoad(for: node, in: graph))
            for input in node.inputs where input >= 0 {
                if packing.contains(input) { packed.insert(input) } else { readElsewhere.insert(input) }
            }
        }
        return packed.subtracting(readElsewhere).filter {
            if case .float32? = graph.tensors[$0].constant { return !graph.outputs.contains($0) }
            return false
        }
    }

    // MARK: Inputs and outputs

    /// The graph inputs, in the model's order.
    public var inputs: [TensorInfo] { graph.inputs.map { info(of: $0) } }
    /// The graph outputs, in the model's order.
    public var outputs: [TensorInfo] { graph.outputs.map { info(of: $0) } }

    /// Which backend runs each operator, in execution order (folded constant nodes are absent).
    public var kernelAssignments: [(node: Int, op: String, backend: String)] { assignments }

    /// Every time a backend declined a node (so a later one, finally the reference, ran it): the
    /// node's model index, its operator, the backend that declined, and why.
    public var fallbacks: [(node: Int, op: String, backend: String, reason: String)] { fallbackRecords }

    /// Bytes of the shared activation arena, and the sum of all activation sizes it holds.
    public var memoryFootprint: (arenaBytes: Int, activationBytes: Int) {
        (plan.arenaByteCount, plan.activationByteCount)
    }

    /// Bytes of constants the arena holds (those kernels read while running; see
    /// ``init(graph:backends:threadCount:)``).
    package var arenaConstantByteCount: Int { arena.constantByteCount }

    /// Copies `values` (row-major, `inputs[index].elementCount` of them) into input `index`.
    public func copyInput(_ values: [Float], at index: Int) throws {
        try values.withUnsafeBufferPointer { try copyInput($0, at: index) }
    }

    /// Copies `values` (row-major, `inputs[index].elementCount` of them) into input `index`.
    public func copyInput(_ values: UnsafeBufferPointer<Float>, at index: Int) throws {
        let tensor = try inputTensor(at: index)
        let count = graph.tensors[tensor].elementCount
        guard values.count == count else {
            throw InferenceError.inputSizeMismatch(index: index, expected: count, actual: values.count)
        }
        if let source = values.baseAddress {
            floats(of: tensor).update(from: source, count: count)
        }
    }

    /// Gives `body` the storage of input `index` to fill in place (row-major float32).
    public func withInput<R>(at index: Int, _ body: (UnsafeMutableBufferPointer<Float>) throws -> R) throws -> R {
        let tensor = try inputTensor(at: index)
        return try body(UnsafeMutableBufferPointer(start: floats(of: tensor), count: graph.tensors[tensor].elementCount))
    }

    /// Runs every operator once on the current inputs.
    public func invoke() throws {
        for kernel in kernels { kernel.invoke() }
    }

    /// A copy of output `index` (row-major float32; zeros for a skipped output). Traps when
    /// `index` is out of range; see ``outputs``.
    public func output(at index: Int) -> [Float] {
        precondition(graph.outputs.indices.contains(index), "output index \(index) out of range 0..<\(graph.outputs.count)")
        let tensor = graph.outputs[index]
        return Array(UnsafeBufferPointer(start: floats(of: tensor), count: graph.tensors[tensor].elementCount))
    }

    /// Gives `body` read access to output `index` without copying.
    public func withOutput<R>(at index: Int, _ body: (UnsafeBufferPointer<Float>) throws -> R) throws -> R {
        guard graph.outputs.indices.contains(index) else {
            throw InferenceError.tensorIndexOutOfRange(index: index, count: graph.outputs.count)
        }
        let tensor = graph.outputs[index]
        return try body(UnsafeBufferPointer(start: floats(of: tensor), count: graph.tensors[tensor].elementCount))
    }

    /// The number of bound kernels (one per node).
    package var kernelCount: Int { kernels.count }

    /// Runs the kernels in order, reporting each one's wall-clock time in seconds.
    package func invokeTimed(_ report: (_ position: Int, _ seconds: Double) -> Void) {
        for (position, kernel) in kernels.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            kernel.invoke()
            report(position, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }

    // MARK: Private

    private func info(of tensor: Int) -> TensorInfo {
        TensorInfo(name: graph.tensors[tensor].name, shape: graph.tensors[tensor].shape)
    }

    private func inputTensor(at index: Int) throws -> Int {
        guard graph.inputs.indices.contains(index) else {
            throw InferenceError.tensorIndexOutOfRange(index: index, count: graph.inputs.count)
        }
        return graph.inputs[index]
    }

    private func floats(of tensor: Int) -> UnsafeMutablePointer<Float> {
        arena.pointer(to: tensor).assumingMemoryBound(to: Float.self)
    }
}

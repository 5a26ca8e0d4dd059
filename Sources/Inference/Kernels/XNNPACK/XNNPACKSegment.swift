#if XNNPACK
import CXNNPACK

/// A run of consecutive graph nodes compiled into one XNNPACK runtime.
///
/// XNNPACK fuses inside the run (PAD into convolutions, clamps into producers), packs the weights
/// once, plans its own memory for the tensors that never leave the run, and may switch sparse
/// stretches to its NCHW path. The runtime is set up once with the interpreter's stable tensor
/// pointers, so running it is a single `xnn_invoke_runtime` call.
///
/// The whole run executes at the position of its first node. A tensor it hands to later nodes is
/// written straight into its arena slot unless that slot overlaps memory the run still reads or
/// writes (the memory plan may share slots between tensors whose lifetimes end inside the run);
/// then it goes to a private buffer and is copied into place at its producer's position.
final class XNNPACKSegment {
    /// Positions in `Graph.nodes` covered by this run.
    let positions: ClosedRange<Int>
    private let runtime: XNNPACKCompiledRuntime
    /// Storage XNNPACK reads or writes through raw pointers (zero biases, private outputs).
    private let ownedBuffers: [UnsafeMutableBufferPointer<Float>]
    /// Copies to perform after the node at a position, for outputs that went to private buffers.
    private(set) var deferredCopies: [Int: [XNNPACKDeferredCopy]] = [:]

    init(
        operations: [(position: Int, operation: XNNPACKOperation)], graph: Graph,
        pointer: @escaping (Int) -> UnsafeMutablePointer<Float>, threadPool: ThreadPool, sparseInference: Bool
    ) throws(InferenceError) {
        precondition(!operations.isEmpty)
        let first = operations[0].position, last = operations[operations.count - 1].position
        positions = first...last

        // Which tensors cross the run's boundary.
        var producer: [Int: Int] = [:]
        for (position, operation) in operations { producer[operation.output] = position }
        var consumedOutside = Set(graph.outputs)
        for (position, node) in graph.nodes.enumerated() where !positions.contains(position) {
            consumedOutside.formUnion(node.inputs.filter { $0 >= 0 })
        }
        for (t, tensor) in graph.tensors.enumerated() where tensor.isGraphOutput { consumedOutside.insert(t) }

        var externalInputs: [Int] = [], externalOutputs: [Int] = []
        for (_, operation) in operations {
            for t in operation.inputs where t >= 0 && graph.tensors[t].constant == nil && producer[t] == nil {
                if !externalInputs.contains(t) { externalInputs.append(t) }
            }
            if consumedOutside.contains(operation.output) { externalOutputs.append(operation.output) }
        }

        // Outputs whose arena slots overlap anything else the run touches go through private
        // buffers, except an overlap with an input the run has finished reading before it starts
        // writing the output (see `XNNPACKRunSchedule`).
        func byteRange(_ t: Int) -> Range<UInt> {
            let start = UInt(bitPattern: pointer(t))
            return start..<(start + UInt(graph.tensors[t].shape.reduce(1, *) * MemoryLayout<Float>.stride))
        }
        let schedule = XNNPACKRunSchedule(operations: operations)
        var owned: [UnsafeMutableBufferPointer<Float>] = []
        var location: [Int: UnsafeMutablePointer<Float>] = [:]
        var deferred: [Int: [XNNPACKDeferredCopy]] = [:]
        let touched = externalInputs + externalOutputs
        for t in externalInputs { location[t] = pointer(t) }
        for t in externalOutputs {
            let range = byteRange(t)
            let overlaps = touched.contains { other in
                guard other != t, byteRange(other).overlaps(range) else { return false }
                return !(externalInputs.contains(other) && schedule.isDoneReading(other, beforeWriting: t))
            }
            if overlaps {
                let count = graph.tensors[t].shape.reduce(1, *)
                // XNNPACK may read up to XNN_EXTRA_BYTES past a tensor it consumes.
                let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: count + Int(XNN_EXTRA_BYTES) / 4)
                buffer.initialize(repeating: 0)
                owned.append(buffer)
                location[t] = buffer.baseAddress!
                deferred[producer[t]!, default: []].append(
                    XNNPACKDeferredCopy(source: buffer.baseAddress!, destination: pointer(t), count: count))
            } else {
                location[t] = pointer(t)
            }
        }

        // Define the subgraph.
        let externals = externalInputs + externalOutputs
        let subgraph: XNNPACKSubgraph
        do throws(InferenceError) {
            subgraph = try XNNPACKSubgraph(externalValueCount: externals.count)
        } catch {
            owned.forEach { $0.deallocate() }
            throw error
        }
        var definer = XNNPACKDefiner(subgraph: subgraph.handle, graph: graph, pointer: pointer)
        for (i, t) in externalInputs.enumerated() { definer.externalIDs[t] = (UInt32(i), UInt32(XNN_VALUE_FLAG_EXTERNAL_INPUT)) }
        for (i, t) in externalOutputs.enumerated() {
            definer.externalIDs[t] = (UInt32(externalInputs.count + i), UInt32(XNN_VALUE_FLAG_EXTERNAL_OUTPUT))
        }
        do throws(InferenceError) {
            for (position, operation) in operations {
                try definer.define(operation, nodeIndex: graph.nodes[position].index)
            }
        } catch {
            (owned + definer.ownedBuffers).forEach { $0.deallocate() }
            throw error
        }
        owned += definer.ownedBuffers

        // Compile and bind once.
        let compiled: XNNPACKCompiledRuntime
        do throws(InferenceError) {
            let flags = sparseInference ? UInt32(XNN_FLAG_SPARSE_INFERENCE) : 0
            compiled = try XNNPACKCompiledRuntime(subgraph: subgraph, threadPool: threadPool, flags: flags)
            let values = externals.enumerated().map { i, t in
                xnn_external_value(id: UInt32(i), data: UnsafeMutableRawPointer(location[t]!))
            }
            try XNNPACKStatus.check(xnn_setup_runtime(compiled.handle, values.count, values),
                                    during: "binding tensors of nodes \(graph.nodes[first].index)...\(graph.nodes[last].index)")
        } catch {
            owned.forEach { $0.deallocate() }
            throw error
        }
        runtime = compiled
        ownedBuffers = owned
        deferredCopies = deferred
    }

    deinit {
        ownedBuffers.forEach { $0.deallocate() }
    }

    /// Runs every node of the segment.
    func run() {
        // Cannot fail once set up: XNNPACK only reports an invalid state before set-up.
        _ = xnn_invoke_runtime(runtime.handle)
    }
}

/// A float copy from a segment's private buffer into a tensor's arena slot.
struct XNNPACKDeferredCopy {
    let source: UnsafeMutablePointer<Float>
    let destination: UnsafeMutablePointer<Float>
    let count: Int

    func perform() { destination.update(from: source, count: count) }
}
#endif

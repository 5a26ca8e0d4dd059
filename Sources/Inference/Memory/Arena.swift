import FileIO

/// One 64-byte-aligned block holding every tensor of a graph: the activation region laid out by a
/// ``MemoryPlan``, followed by the constants. Pointers into it stay valid while the arena lives.
package final class Arena {
    /// Alignment of the block and of every tensor in it.
    package static let alignment = 64
    /// Bytes allocated after the last tensor, which vectorized kernels may read past it.
    package static let trailingReadSlack = 64
    /// The largest block the engine allocates (4 GiB); larger graphs are rejected at load.
    package static let maximumByteCount = 1 << 32

    private let base: UnsafeMutableRawPointer
    private let byteCount: Int
    private let offsets: [Int]
    /// Bytes of the activation region (the planned, shared part).
    package let activationRegionByteCount: Int
    /// Bytes of the constants held after it.
    package let constantByteCount: Int

    /// Lays out `graph`'s tensors: activations at `plan`'s offsets, then every constant after them,
    /// copied in, except the constants `leavingOut` (kernels that keep their own packed copies
    /// read them only while they are made, from copies of their own). Throws when the sizes overflow.
    package init(graph: Graph, plan: MemoryPlan, leavingOut: Set<Int> = []) throws {
        var offsets = [Int](repeating: 0, count: graph.tensors.count)
        var end = plan.arenaByteCount
        for (index, tensor) in graph.tensors.enumerated() {
            if leavingOut.contains(index) {
                offsets[index] = -1
            } else if tensor.isConstant {
                offsets[index] = end
                end = try Arena.checkedAdd(end, Arena.roundUp(tensor.byteCount))
            } else if let offset = plan.offsets[index] {
                offsets[index] = offset
            }
        }
        // XNNPACK may read (never write) up to 16 bytes past a tensor it consumes (XNN_EXTRA_BYTES).
        let byteCount = max(end, Arena.alignment) + Arena.trailingReadSlack
        guard byteCount <= Arena.maximumByteCount else {
            throw InferenceError.invalidGraph(detail: "the graph needs \(byteCount) bytes of tensor storage, more than the \(Arena.maximumByteCount) allowed")
        }
        base = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: Arena.alignment)
        prefault(UnsafeMutableRawBufferPointer(start: base, count: byteCount))
        base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        self.byteCount = byteCount
        self.offsets = offsets
        activationRegionByteCount = plan.arenaByteCount
        constantByteCount = end - plan.arenaByteCount
        for (index, tensor) in graph.tensors.enumerated() where offsets[index] >= 0 {
            let destination = base + offsets[index]
            switch tensor.constant {
            case .float32(let values):
                values.withUnsafeBytes { if let source = $0.baseAddress { destination.copyMemory(from: source, byteCount: $0.count) } }
            case .int32(let values):
                values.withUnsafeBytes { if let source = $0.baseAddress { destination.copyMemory(from: source, byteCount: $0.count) } }
            case nil:
                break
            }
        }
    }

    deinit { base.deallocate() }

    /// The start of a tensor's storage.
    package func pointer(to tensor: Int) -> UnsafeMutableRawPointer {
        precondition(offsets[tensor] >= 0, "tensor \(tensor) was left out of the arena")
        return base + offsets[tensor]
    }

    /// `size` rounded up to the alignment (at least one alignment unit, so no two tensors share bytes).
    package static func roundUp(_ size: Int) -> Int {
        max(alignment, (size + alignment - 1) / alignment * alignment)
    }

    private static func checkedAdd(_ a: Int, _ b: Int) throws -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        if overflow { throw InferenceError.invalidGraph(detail: "tensor storage exceeds the address space") }
        return sum
    }
}

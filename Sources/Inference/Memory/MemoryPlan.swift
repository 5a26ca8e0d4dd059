/// Where each activation lives in the shared arena.
///
/// Tensors whose lifetimes (first write to last read, in node order) do not overlap may share
/// bytes. Placement is greedy by size, TFLite's "greedy by size" strategy: the largest tensors are
/// placed first, each into the smallest gap between already placed, time-overlapping tensors that
/// fits it (best fit), else after them all. Graph inputs and skipped outputs live for the whole
/// run, and graph outputs from their producer to the end, so no other tensor ever overwrites them.
/// Every offset is a multiple of ``Arena/alignment``.
package struct MemoryPlan: Sendable {
    /// Byte offset of each non-constant tensor in the arena; `nil` for constants.
    package var offsets: [Int?]
    /// Bytes of the shared arena.
    package var arenaByteCount: Int
    /// The sum of all activations' (aligned) sizes: what the arena would need without sharing.
    package var activationByteCount: Int
    /// Each planned tensor's live steps (step 0: before the first node; node i runs at step i + 1)
    /// and its aligned size; `nil` for constants and unused tensors.
    package var lifetimes: [(steps: ClosedRange<Int>, bytes: Int)?]

    package init(graph: Graph) {
        let tensorCount = graph.tensors.count
        let lastStep = graph.nodes.count
        // Lifetimes in steps: node i runs at step i + 1; step 0 is "before the run" (inputs written).
        var first = [Int](repeating: Int.max, count: tensorCount)
        var last = [Int](repeating: -1, count: tensorCount)
        for input in graph.inputs {
            first[input] = 0
            last[input] = lastStep
        }
        for (step, node) in graph.nodes.enumerated() {
            for output in node.outputs where output >= 0 {
                first[output] = min(first[output], step + 1)
                last[output] = max(last[output], step + 1)
            }
            for input in node.inputs where input >= 0 {
                last[input] = max(last[input], step + 1)
            }
        }
        for output in graph.outputs {
            last[output] = lastStep
            first[output] = min(first[output], lastStep)
        }
        // A skipped output is never written: it keeps its own zeroed bytes for the whole run.
        for output in graph.skippedOutputs { first[output] = 0 }

        struct Item { var tensor: Int; var size: Int; var first: Int; var last: Int }
        var items: [Item] = []
        for (index, tensor) in graph.tensors.enumerated() where !tensor.isConstant && last[index] >= 0 {
            items.append(Item(tensor: index, size: Arena.roundUp(tensor.byteCount), first: first[index], last: last[index]))
        }
        // Largest first; ties by earlier start, then index, so the plan is deterministic.
        items.sort { ($0.size, -$0.first, -$0.tensor) > ($1.size, -$1.first, -$1.tensor) }

        var offsets = [Int?](repeating: nil, count: tensorCount)
        var placed: [(offset: Int, end: Int, first: Int, last: Int)] = []
        var arenaEnd = 0
        for item in items {
            let overlapping = placed
                .filter { $0.first <= item.last && item.first <= $0.last }
                .sorted { $0.offset < $1.offset }
            var bestOffset: Int?
            var bestGap = Int.max
            var cursor = 0
            for other in overlapping {
                let gap = other.offset - cursor
                if gap >= item.size && gap < bestGap {
                    bestGap = gap
                    bestOffset = cursor
                }
                cursor = max(cursor, other.end)
            }
            let offset = bestOffset ?? cursor
            offsets[item.tensor] = offset
            placed.append((offset, offset + item.size, item.first, item.last))
            arenaEnd = max(arenaEnd, offset + item.size)
        }
        var lifetimes = [(steps: ClosedRange<Int>, bytes: Int)?](repeating: nil, count: tensorCount)
        for item in items { lifetimes[item.tensor] = (item.first...item.last, item.size) }
        self.lifetimes = lifetimes
        self.offsets = offsets
        arenaByteCount = arenaEnd
        activationByteCount = items.reduce(0) { $0 + $1.size }
    }
}

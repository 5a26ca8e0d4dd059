#if XNNPACK
/// When an XNNPACK runtime made from a run of nodes reads and writes each tensor, allowing for
/// the fusions XNNPACK performs inside a runtime.
///
/// XNNPACK runs a run's nodes one after the other, so an input that the run has read for the
/// last time before the node producing an output may share memory with that output (the memory
/// plan, which knows nothing of runs, does share such slots). Two fusions move reads and writes:
/// a constant PAD folded into the convolution that consumes it makes the convolution read the
/// PAD's input, and a clamp (RELU, RELU6) folded into its producer makes the producer write the
/// clamp's output. Positions here account for both.
struct XNNPACKRunSchedule {
    /// Run positions (indices in `operations`) reading each tensor.
    private var readers: [Int: [Int]] = [:]
    /// Run position producing each tensor.
    private var producer: [Int: Int] = [:]
    private let operations: [XNNPACKOperation]

    init(operations: [(position: Int, operation: XNNPACKOperation)]) {
        self.operations = operations.map(\.operation)
        for (i, operation) in self.operations.enumerated() {
            producer[operation.output] = i
            for t in operation.inputs where t >= 0 { readers[t, default: []].append(i) }
        }
    }

    /// Whether every read of `input` (an external input) happens before the first write of
    /// `output` (produced in the run).
    func isDoneReading(_ input: Int, beforeWriting output: Int) -> Bool {
        guard let write = firstWrite(output) else { return false }
        return lastRead(input) < write
    }

    /// The last position that may read `t`; a PAD reading it passes the read on to its consumers.
    private func lastRead(_ t: Int, depth: Int = 0) -> Int {
        var last = -1
        for r in readers[t] ?? [] {
            if case .constantPad = operations[r].kind, depth < 8 {
                last = max(last, r, lastRead(operations[r].output, depth: depth + 1))
            } else {
                last = max(last, r)
            }
        }
        return last
    }

    /// The first position that may write `t`; a clamp producing it may be fused into the node
    /// producing its input.
    private func firstWrite(_ t: Int, depth: Int = 0) -> Int? {
        guard let p = producer[t] else { return nil }
        if case .clamp = operations[p].kind, depth < 8, let input = operations[p].inputs.first,
           let earlier = firstWrite(input, depth: depth + 1) {
            return min(p, earlier)
        }
        return p
    }
}
#endif

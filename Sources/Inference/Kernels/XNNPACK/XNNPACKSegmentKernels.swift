#if XNNPACK
/// The kernel at a segment's first node: runs the whole segment, then places the first node's
/// privately buffered outputs.
final class XNNPACKSegmentKernel: Kernel {
    let segment: XNNPACKSegment
    private let copies: [XNNPACKDeferredCopy]

    init(segment: XNNPACKSegment) {
        self.segment = segment
        copies = segment.deferredCopies[segment.positions.lowerBound] ?? []
    }

    func invoke() {
        segment.run()
        for copy in copies { copy.perform() }
    }
}

/// The kernel at a later node of a segment: its work was done by the segment's first node; it only
/// moves outputs that had to wait for their arena slot.
final class XNNPACKCoveredNodeKernel: Kernel {
    /// Keeps the segment (and its private buffers) alive.
    let segment: XNNPACKSegment
    private let copies: [XNNPACKDeferredCopy]

    init(segment: XNNPACKSegment, position: Int) {
        self.segment = segment
        copies = segment.deferredCopies[position] ?? []
    }

    func invoke() {
        for copy in copies { copy.perform() }
    }
}
#endif

/// MediaPipe's `AssociationNormRectCalculator` (docs/pipeline.md §7.2): merges rect lists so that a later
/// rect replaces every earlier rect it overlaps.
public struct RectAssociation: Sendable, Hashable {
    /// Rects whose axis-aligned IoU is `>` this overlap (the task's `minTrackingConfidence`).
    public var minSimilarityThreshold: Float

    public init(minSimilarityThreshold: Float) {
        self.minSimilarityThreshold = minSimilarityThreshold
    }

    /// Associates `tracked` rects (last frame's loop-back ROIs, in their order) with `detected`
    /// rects (this frame's detector ROIs, in score order).
    ///
    /// The list starts with the first non-empty input's first rect; each further rect — the rest of
    /// that input, then every rect of the later input — erases every listed rect whose IoU with it
    /// is `>` the threshold and is then appended. IoU uses `(xCenter ± width/2, yCenter ± height/2)`
    /// in normalized units, ignoring rotation.
    public func associate(tracked: [NormalizedRect], detected: [NormalizedRect]) -> [NormalizedRect] {
        associate([tracked, detected])
    }

    /// The general form: `inputs` in increasing priority.
    public func associate(_ inputs: [[NormalizedRect]]) -> [NormalizedRect] {
        var result: [NormalizedRect] = []
        guard let firstIndex = inputs.firstIndex(where: { !$0.isEmpty }) else { return result }
        let first = inputs[firstIndex]
        result.append(first[0])
        for rect in first.dropFirst() { add(rect, to: &result) }
        for input in inputs[(firstIndex + 1)...] {
            for rect in input { add(rect, to: &result) }
        }
        return result
    }

    private func add(_ rect: NormalizedRect, to list: inout [NormalizedRect]) {
        let box = rect.axisAlignedBox
        list.removeAll { box.intersectionOverUnion(with: $0.axisAlignedBox) > minSimilarityThreshold }
        list.append(rect)
    }
}

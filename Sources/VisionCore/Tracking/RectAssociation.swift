/// How the VIDEO and LIVE_STREAM graphs merge last frame's tracked ROIs with this frame's
/// detections (docs/pipeline.md §7.2), under one of MediaPipe's two rules.
public struct RectAssociation: Sendable, Hashable {
    /// Which rect wins where two overlap.
    public enum Rule: Sendable, Hashable {
        /// `AssociationNormRectCalculator` (faces, poses): a later rect replaces every earlier rect
        /// it overlaps.
        case laterReplaces
        /// `HandAssociationCalculator` (hands): every tracked rect is kept; a detection is added
        /// only when it overlaps none of the rects kept so far.
        case trackedKept
    }

    /// Rects whose axis-aligned IoU is `>` this overlap (the task's `minTrackingConfidence`).
    public var minSimilarityThreshold: Float
    public var rule: Rule

    public init(minSimilarityThreshold: Float, rule: Rule = .laterReplaces) {
        self.minSimilarityThreshold = minSimilarityThreshold
        self.rule = rule
    }

    /// Associates `tracked` rects (last frame's loop-back ROIs, in their order) with `detected`
    /// rects (this frame's detector ROIs, in score order).
    ///
    /// The list starts with the first non-empty input's first rect; each further rect — the rest of
    /// that input, then every rect of the later input — erases every listed rect whose IoU with it
    /// is `>` the threshold and is then appended. IoU uses `(xCenter ± width/2, yCenter ± height/2)`
    /// in normalized units, ignoring rotation.
    ///
    /// With ``Rule/trackedKept`` the result is `tracked` followed by each detection whose IoU with
    /// every rect listed before it is `≤` the threshold.
    public func associate(tracked: [NormalizedRect], detected: [NormalizedRect]) -> [NormalizedRect] {
        switch rule {
        case .laterReplaces:
            return associate([tracked, detected])
        case .trackedKept:
            var result = tracked
            for rect in detected {
                let box = rect.axisAlignedBox
                if !result.contains(where: { box.intersectionOverUnion(with: $0.axisAlignedBox) > minSimilarityThreshold }) {
                    result.append(rect)
                }
            }
            return result
        }
    }

    /// The general form of ``Rule/laterReplaces``: `inputs` in increasing priority.
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

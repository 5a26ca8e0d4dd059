/// MediaPipe's `NonMaxSuppressionCalculator` with `algorithm: WEIGHTED` and IoU overlap
/// (docs/pipeline.md §3.3), without a limit on the number of detections.
public struct WeightedNonMaxSuppression: Sendable, Hashable {
    /// Detections whose IoU with the current best is `>` this are merged into it.
    public var iouThreshold: Float

    public init(iouThreshold: Float) {
        self.iouThreshold = iouThreshold
    }

    /// Merges overlapping detections. The output is sorted by descending score.
    ///
    /// 1. Sort by descending score (MediaPipe's `std::sort` is unstable; here ties keep their input
    ///    order).
    /// 2. The best remaining detection D gathers every remaining detection, itself included, with
    ///    IoU `>` threshold; its box corners (xmin, ymin, xmax, ymax) and keypoints become the
    ///    score-weighted means of those candidates, in float32; its score stays D's own.
    /// 3. Repeat with the rest. As in MediaPipe, the loop stops early when a round removes nothing
    ///    (a zero-area D is not its own candidate): D is then emitted unchanged and the remaining
    ///    detections are dropped.
    ///
    /// Detections with NaN scores are dropped first.
    public func apply(to detections: [RelativeDetection]) -> [RelativeDetection] {
        var remaining = detections.enumerated()
            .filter { !$0.element.score.isNaN }
            .sorted { $0.element.score > $1.element.score || ($0.element.score == $1.element.score && $0.offset < $1.offset) }
            .map(\.element)
        var output: [RelativeDetection] = []
        while let best = remaining.first {
            let bestBox = best.box
            var candidates: [RelativeDetection] = []
            var rest: [RelativeDetection] = []
            for detection in remaining {
                if detection.box.intersectionOverUnion(with: bestBox) > iouThreshold {
                    candidates.append(detection)
                } else {
                    rest.append(detection)
                }
            }
            output.append(candidates.isEmpty ? best : Self.weightedMean(of: candidates, keeping: best))
            if rest.count == remaining.count { break }
            remaining = rest
        }
        return output
    }

    static func weightedMean(of candidates: [RelativeDetection], keeping best: RelativeDetection) -> RelativeDetection {
        let keypointCount = best.keypoints.count
        var keypointSums = [Float](repeating: 0, count: 2 * keypointCount)
        var xminSum: Float = 0, yminSum: Float = 0, xmaxSum: Float = 0, ymaxSum: Float = 0
        var totalScore: Float = 0
        for candidate in candidates {
            let s = candidate.score
            totalScore += s
            xminSum += candidate.xmin * s
            yminSum += candidate.ymin * s
            xmaxSum += (candidate.xmin + candidate.width) * s
            ymaxSum += (candidate.ymin + candidate.height) * s
            for k in 0..<min(keypointCount, candidate.keypoints.count) {
                keypointSums[2 * k] += candidate.keypoints[k].x * s
                keypointSums[2 * k + 1] += candidate.keypoints[k].y * s
            }
        }
        var merged = best
        merged.xmin = xminSum / totalScore
        merged.ymin = yminSum / totalScore
        merged.width = xmaxSum / totalScore - merged.xmin
        merged.height = ymaxSum / totalScore - merged.ymin
        for k in 0..<keypointCount {
            merged.keypoints[k] = Point2(x: keypointSums[2 * k] / totalScore, y: keypointSums[2 * k + 1] / totalScore)
        }
        return merged
    }
}

/// MediaPipe's `RefineLandmarksFromHeatmapCalculator` (docs/pipeline.md §6.4) as the pose graph uses it:
/// x and y are replaced by the confidence-weighted mean position inside a window of the heatmap;
/// z, visibility and presence are left alone.
public struct HeatmapRefinement: Sendable, Hashable {
    /// The window side (7 for pose).
    public var kernelSize: Int
    /// The window's maximum sigmoid confidence must be `≥` this for a landmark to be refined.
    public var minConfidenceToRefine: Float

    public init(kernelSize: Int = 7, minConfidenceToRefine: Float = 0.5) {
        self.kernelSize = kernelSize
        self.minConfidenceToRefine = minConfidenceToRefine
    }

    /// Refines tensor-normalized `landmarks` with `heatmap`, an HWC float32 tensor of logits of
    /// `height × width × landmarks.count` values (pose: 64×64×39).
    ///
    /// The window centre is `(Int(x·width), Int(y·height))`, truncated toward zero, so a point
    /// just left of 0 still counts as column 0. As in MediaPipe, a point is skipped when its column
    /// is outside the map or its row is negative; the row is compared with the map *height* only
    /// through the column (a MediaPipe typo), so rows at or past the bottom edge are refined from
    /// whatever part of the window still overlaps the map.
    public func refine(_ landmarks: [LandmarkPoint], heatmap: [Float], width: Int, height: Int) throws(VisionCoreError) -> [LandmarkPoint] {
        let channels = landmarks.count
        guard width > 0, height > 0, kernelSize > 0 else {
            throw .invalidArgument("the heatmap size and kernel must be positive")
        }
        let (plane, overflow1) = width.multipliedReportingOverflow(by: height)
        let (expected, overflow2) = plane.multipliedReportingOverflow(by: channels)
        guard !overflow1, !overflow2, heatmap.count == expected else {
            throw .sizeMismatch(what: "the heatmap", expected: (overflow1 || overflow2) ? Int.max : expected, actual: heatmap.count)
        }
        var output = landmarks
        let offset = (kernelSize - 1) / 2
        for index in landmarks.indices {
            guard let column = Self.truncatedIndex(landmarks[index].x * Float(width)),
                  let row = Self.truncatedIndex(landmarks[index].y * Float(height)) else { continue }
            if column < 0 || column >= width || row < 0 || column >= height { continue }
            let beginColumn = max(0, column - offset), endColumn = min(width, column + offset + 1)
            let beginRow = max(0, row - offset), endRow = min(height, row + offset + 1)
            var sum: Float = 0, weightedColumn: Float = 0, weightedRow: Float = 0, maxConfidence: Float = 0
            if beginRow < endRow, beginColumn < endColumn {
                for r in beginRow..<endRow {
                    for c in beginColumn..<endColumn {
                        let confidence = sigmoid(heatmap[(r * width + c) * channels + index])
                        sum += confidence
                        maxConfidence = max(maxConfidence, confidence)
                        weightedColumn += Float(c) * confidence
                        weightedRow += Float(r) * confidence
                    }
                }
            }
            if maxConfidence >= minConfidenceToRefine, sum > 0 {
                output[index].x = weightedColumn / Float(width) / sum
                output[index].y = weightedRow / Float(height) / sum
            }
        }
        return output
    }

    /// C++ float→int conversion, or `nil` where it would be undefined (NaN, out of int32 range).
    static func truncatedIndex(_ value: Float) -> Int? {
        guard value.isFinite, value > -2_147_483_648, value < 2_147_483_648 else { return nil }
        return Int(value.rounded(.towardZero))
    }
}

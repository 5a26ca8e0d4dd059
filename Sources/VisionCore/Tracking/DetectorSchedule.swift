/// When the face and pose graphs in VIDEO/LIVE_STREAM mode run their detector (docs/pipeline.md
/// §7.1): always on the first frame, and afterwards only while fewer than `maxCount` objects
/// were tracked into this frame.
public struct DetectorSchedule: Sendable, Hashable {
    /// The task's `numFaces` or `numPoses`.
    public var maxCount: Int

    public init(maxCount: Int) {
        self.maxCount = maxCount
    }

    /// Whether to run the detector, given the number of loop-back ROIs from the previous frame
    /// (`nil` on the first frame, or after a reset).
    public func shouldRunDetector(trackedCount: Int?) -> Bool {
        guard let trackedCount else { return true }
        return trackedCount < maxCount
    }

    /// The ROI list for the landmark stage: `associated` cut to `maxCount` (a non-positive
    /// `maxCount` keeps nothing).
    public func clip(_ associated: [NormalizedRect]) -> [NormalizedRect] {
        Array(associated.prefix(max(0, maxCount)))
    }
}

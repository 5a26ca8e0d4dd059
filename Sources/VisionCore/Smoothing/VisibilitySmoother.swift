/// MediaPipe's `VisibilitySmoothingCalculator` with a low-pass filter (docs/pipeline.md §8.3): each
/// landmark's visibility goes through its own ``LowPassFilter`` (α = 0.1 for pose); nothing else
/// changes. A missing visibility counts as 0, as protobuf's default.
public struct VisibilitySmoother: Sendable, Hashable {
    public let alpha: Float
    private var filters: [LowPassFilter] = []

    public init(alpha: Float = 0.1) {
        self.alpha = alpha
    }

    /// Forgets all state.
    public mutating func reset() {
        filters = []
    }

    /// Smooths the visibilities. Throws if the landmark count differs from the first call's.
    public mutating func smooth(_ landmarks: [LandmarkPoint]) throws(VisionCoreError) -> [LandmarkPoint] {
        if filters.isEmpty {
            filters = Array(repeating: LowPassFilter(alpha: alpha), count: landmarks.count)
        } else if filters.count != landmarks.count {
            throw .sizeMismatch(what: "the landmark list to smooth", expected: filters.count, actual: landmarks.count)
        }
        return landmarks.enumerated().map { i, landmark in
            var result = landmark
            result.visibility = filters[i].apply(landmark.visibility ?? 0)
            return result
        }
    }
}

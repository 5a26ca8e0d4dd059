/// MediaPipe's `LandmarksSmoothingCalculator` with a One-Euro filter (docs/pipeline.md §8.2, §8.3): one
/// ``OneEuroFilter`` per landmark and axis, created on first use and cleared by ``reset()``.
public struct LandmarksSmoother: Sendable, Hashable {
    public let parameters: LandmarksSmoothingParameters
    private var filters: [OneEuroFilter] = []  // x, y, z per landmark

    /// A smoother; throws if the filter settings are invalid (see ``OneEuroFilter``).
    public init(parameters: LandmarksSmoothingParameters) throws(VisionCoreError) {
        _ = try OneEuroFilter(frequency: parameters.frequency, minCutoff: parameters.minCutoff,
                              beta: parameters.beta, derivateCutoff: parameters.derivateCutoff)
        self.parameters = parameters
    }

    /// Forgets all state (MediaPipe resets when a frame has no landmarks).
    public mutating func reset() {
        filters = []
    }

    /// Smooths image-normalized `landmarks` of an `imageWidth`×`imageHeight` frame at `timestamp`
    /// (ns). The filters run in pixels, `(x·W, y·H, z·W)`, and the result is divided back.
    ///
    /// The object scale is `(roi.width·W + roi.height·H)/2` when `objectScaleROI` is given (pose),
    /// otherwise the mean of the pixel bounding box's width and height (face). Below
    /// `minAllowedObjectScale` the input comes back unchanged and no filter state changes.
    /// Throws if the landmark count differs from the one the filters were created for.
    public mutating func smooth(_ landmarks: [LandmarkPoint], imageWidth: Int, imageHeight: Int, timestamp: Int64,
                                objectScaleROI: NormalizedRect? = nil) throws(VisionCoreError) -> [LandmarkPoint] {
        let w = Float(imageWidth), h = Float(imageHeight)
        let pixels = landmarks.map { LandmarkPoint(x: $0.x * w, y: $0.y * h, z: $0.z * w, visibility: $0.visibility, presence: $0.presence) }
        let objectScale: Float? = objectScaleROI.map { (($0.width * w) + ($0.height * h)) / 2 }
        let filtered = try smoothUnscaled(pixels, timestamp: timestamp, objectScale: objectScale)
        return filtered.map { LandmarkPoint(x: $0.x / w, y: $0.y / h, z: $0.z / w, visibility: $0.visibility, presence: $0.presence) }
    }

    /// Smooths landmarks as given (pixels, or metres for world landmarks) at `timestamp` (ns).
    /// `objectScale` overrides the bounding-box scale; it is ignored when value scaling is off.
    public mutating func smoothUnscaled(_ landmarks: [LandmarkPoint], timestamp: Int64,
                                        objectScale: Float? = nil) throws(VisionCoreError) -> [LandmarkPoint] {
        guard !landmarks.isEmpty else { return landmarks }
        if filters.isEmpty {
            let filter = try OneEuroFilter(frequency: parameters.frequency, minCutoff: parameters.minCutoff,
                                           beta: parameters.beta, derivateCutoff: parameters.derivateCutoff)
            filters = Array(repeating: filter, count: 3 * landmarks.count)
        } else if filters.count != 3 * landmarks.count {
            throw .sizeMismatch(what: "the landmark list to smooth", expected: filters.count / 3, actual: landmarks.count)
        }
        var valueScale: Float = 1
        if !parameters.disableValueScaling {
            let scale = objectScale ?? Self.objectScale(of: landmarks)
            if scale < parameters.minAllowedObjectScale { return landmarks }
            valueScale = 1 / scale
        }
        let scale = Double(valueScale)
        return landmarks.enumerated().map { i, landmark in
            var result = landmark
            result.x = Float(filters[3 * i].apply(Double(landmark.x), timestamp: timestamp, valueScale: scale))
            result.y = Float(filters[3 * i + 1].apply(Double(landmark.y), timestamp: timestamp, valueScale: scale))
            result.z = Float(filters[3 * i + 2].apply(Double(landmark.z), timestamp: timestamp, valueScale: scale))
            return result
        }
    }

    /// The mean of the bounding box's width and height, `((xmax − xmin) + (ymax − ymin))/2`.
    static func objectScale(of landmarks: [LandmarkPoint]) -> Float {
        guard let first = landmarks.first else { return 0 }
        var xmin = first.x, xmax = first.x, ymin = first.y, ymax = first.y
        for landmark in landmarks.dropFirst() {
            if landmark.x < xmin { xmin = landmark.x }
            if !(landmark.x < xmax) { xmax = landmark.x }
            if landmark.y < ymin { ymin = landmark.y }
            if !(landmark.y < ymax) { ymax = landmark.y }
        }
        return ((xmax - xmin) + (ymax - ymin)) / 2
    }
}

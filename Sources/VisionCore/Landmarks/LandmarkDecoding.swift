/// MediaPipe's `TensorsToLandmarksCalculator` as the face and pose graphs configure it
/// (docs/pipeline.md §4.3, §6.4): `x/inputWidth`, `y/inputHeight`, `z/inputWidth/normalizeZ`, and, for
/// 4- or 5-value landmarks, `visibility = sigmoid(v)` and `presence = sigmoid(p)`.
public struct LandmarkDecoder: Sendable, Hashable {
    public var landmarkCount: Int
    /// Values per landmark: 3 (x, y, z), 4 (+ visibility logit) or 5 (+ presence logit).
    public var valuesPerLandmark: Int
    public var inputWidth: Float
    public var inputHeight: Float
    public var normalizeZ: Float

    public init(landmarkCount: Int, valuesPerLandmark: Int, inputWidth: Float = 256, inputHeight: Float = 256,
                normalizeZ: Float = 1) {
        self.landmarkCount = landmarkCount
        self.valuesPerLandmark = valuesPerLandmark
        self.inputWidth = inputWidth
        self.inputHeight = inputHeight
        self.normalizeZ = normalizeZ
    }

    /// The face landmark model: 478 × (x, y, z) on a 256 crop.
    public static let face = LandmarkDecoder(landmarkCount: 478, valuesPerLandmark: 3)
    /// The pose landmark model: 39 × (x, y, z, visibility, presence) on a 256 crop.
    public static let pose = LandmarkDecoder(landmarkCount: 39, valuesPerLandmark: 5)
    /// The hand landmark model: 21 × (x, y, z) on a 224 crop, z divided by 0.4.
    public static let hand = LandmarkDecoder(landmarkCount: 21, valuesPerLandmark: 3, inputWidth: 224, inputHeight: 224,
                                             normalizeZ: 0.4)

    /// Decodes `tensor` (`landmarkCount × valuesPerLandmark` floats, in tensor pixels) into
    /// tensor-normalized landmarks.
    public func decode(_ tensor: [Float]) throws(VisionCoreError) -> [LandmarkPoint] {
        guard (3...5).contains(valuesPerLandmark), landmarkCount >= 0 else {
            throw .invalidArgument("a landmark has 3 to 5 values, not \(valuesPerLandmark)")
        }
        let (expected, overflow) = landmarkCount.multipliedReportingOverflow(by: valuesPerLandmark)
        guard !overflow, tensor.count == expected else {
            throw .sizeMismatch(what: "the landmark tensor", expected: overflow ? Int.max : expected, actual: tensor.count)
        }
        return (0..<landmarkCount).map { i in
            let o = i * valuesPerLandmark
            return LandmarkPoint(
                x: tensor[o] / inputWidth,
                y: tensor[o + 1] / inputHeight,
                z: tensor[o + 2] / inputWidth / normalizeZ,
                visibility: valuesPerLandmark > 3 ? sigmoid(tensor[o + 3]) : nil,
                presence: valuesPerLandmark > 4 ? sigmoid(tensor[o + 4]) : nil)
        }
    }
}

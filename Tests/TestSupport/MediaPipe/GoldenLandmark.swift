/// A landmark as recorded: `[x, y, z]` for faces, `[x, y, z, visibility, presence]` for poses.
///
/// Normalized landmarks: x and y are fractions of the image width and height; world landmarks
/// (poses only) are metres. Values are float32, written as their shortest round-trip decimal.
public struct GoldenLandmark: Decodable, Sendable {
    public let x: Float
    public let y: Float
    public let z: Float
    /// Pose landmarks only.
    public let visibility: Float?
    /// Pose landmarks only.
    public let presence: Float?

    public init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        x = try c.decode(Float.self)
        y = try c.decode(Float.self)
        z = try c.decode(Float.self)
        if c.isAtEnd {
            visibility = nil
            presence = nil
        } else {
            visibility = try c.decode(Float.self)
            presence = try c.decode(Float.self)
        }
        guard c.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "a landmark has 3 or 5 numbers")
        }
    }
}

/// A classification category (a blendshape, a handedness): `index` in the model's output or label
/// map, float32 `score`; `displayName` where MediaPipe's result has one (handedness).
public struct GoldenCategory: Decodable, Sendable {
    public let index: Int
    public let score: Float
    public let categoryName: String
    public let displayName: String?
}

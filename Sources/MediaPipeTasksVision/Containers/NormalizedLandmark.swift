import Foundation

/// A landmark in normalized image coordinates.
///
/// `x` and `y` are fractions of the input image's width and height, measured in the image **as
/// stored** (orientation not applied): origin at the top-left corner, x to the right, y down.
/// Values may lie slightly outside [0, 1]. `z` is the depth in roughly the scale of `x`; smaller
/// is closer to the camera. Immutable.
public final class NormalizedLandmark: NSObject, @unchecked Sendable {
    public let x: Float
    public let y: Float
    public let z: Float
    /// How likely the landmark is visible (not occluded), 0–1; `nil` when the model does not
    /// output it (face landmarks).
    public let visibility: NSNumber?
    /// How likely the landmark is present in the image, 0–1; `nil` when the model does not
    /// output it (face landmarks).
    public let presence: NSNumber?

    public init(x: Float, y: Float, z: Float, visibility: NSNumber?, presence: NSNumber?) {
        self.x = x
        self.y = y
        self.z = z
        self.visibility = visibility
        self.presence = presence
        super.init()
    }

    /// Equal when every field is equal. (iOS compares x, y, z within 1e-6, which is not
    /// consistent with `hash`; here equality is exact and `hash` agrees with it.)
    override public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NormalizedLandmark else { return false }
        return x == other.x && y == other.y && z == other.z
            && visibility?.floatValue == other.visibility?.floatValue
            && presence?.floatValue == other.presence?.floatValue
    }

    override public var hash: Int {
        var hasher = Hasher()
        hasher.combine(x)
        hasher.combine(y)
        hasher.combine(z)
        return hasher.finalize()
    }

    override public var description: String {
        "NormalizedLandmark(x: \(x), y: \(y), z: \(z), visibility: \(visibility.map { "\($0)" } ?? "nil"), "
            + "presence: \(presence.map { "\($0)" } ?? "nil"))"
    }
}

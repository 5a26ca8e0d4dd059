import Foundation

/// A landmark in world coordinates, in metres.
///
/// For pose world landmarks the origin is the midpoint of the hips; x, y, z are metres in a
/// camera-aligned frame (y down, smaller z closer to the camera), rotated by the pose's ROI as
/// MediaPipe does. Immutable.
public final class Landmark: NSObject, @unchecked Sendable {
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
        guard let other = object as? Landmark else { return false }
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
        "Landmark(x: \(x), y: \(y), z: \(z), visibility: \(visibility.map { "\($0)" } ?? "nil"), "
            + "presence: \(presence.map { "\($0)" } ?? "nil"))"
    }
}

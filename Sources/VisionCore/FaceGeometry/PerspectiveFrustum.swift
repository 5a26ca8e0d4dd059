import Foundation

/// The near-plane frustum of the face-geometry camera (`PerspectiveCameraFrustum`, docs/pipeline.md §5.2),
/// in cm, float32.
public struct PerspectiveFrustum: Sendable, Hashable {
    public var left: Float
    public var right: Float
    public var bottom: Float
    public var top: Float
    public var near: Float

    /// The frustum of a camera with `verticalFOVDegrees` and `near` (cm) for a `frameWidth` ×
    /// `frameHeight` image: `h = 2·near·tan(0.5·fov·π/180)` with π as a float constant,
    /// `w = W·h/H`, centred on the axis.
    public init(verticalFOVDegrees: Float = 63, near: Float = 1, frameWidth: Int, frameHeight: Int) {
        let degreesToRadians: Float = 3.14159265358979323846 / 180
        let heightAtNear = 2 * near * tan(0.5 * degreesToRadians * verticalFOVDegrees)
        let widthAtNear = Float(frameWidth) * heightAtNear / Float(frameHeight)
        left = -0.5 * widthAtNear
        right = 0.5 * widthAtNear
        bottom = -0.5 * heightAtNear
        top = 0.5 * heightAtNear
        self.near = near
    }
}

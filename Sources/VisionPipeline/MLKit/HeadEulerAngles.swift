import Foundation
import VisionCore

/// Head rotation in ML Kit's conventions, in degrees, from MediaPipe's facial transformation matrix
/// (canonical face → camera; camera x right, y up, z toward the viewer).
///
/// The rotation part R (columns normalised, so a scaled matrix works too) is decomposed as
/// R = Rz(z) · Ry(y) · Rx(−x):
/// - `x` (pitch): positive when the face looks up;
/// - `y` (yaw): positive when the face turns toward the image's right;
/// - `z` (roll): positive when the face is rotated counter-clockwise in the image.
/// With this order, turning the image by θ counter-clockwise adds exactly θ to `z`, and mirroring
/// it negates `y` and `z` and keeps `x`.
public struct HeadEulerAngles: Sendable, Hashable {
    public var x: Float
    public var y: Float
    public var z: Float

    public init(x: Float, y: Float, z: Float) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The angles of `matrix`; nil when its rotation part is degenerate (a zero column).
    public init?(transformationMatrix matrix: Matrix4x4) {
        var r = [[Double]](repeating: [0, 0, 0], count: 3)
        for column in 0..<3 {
            let v = (0..<3).map { Double(matrix[$0, column]) }
            let norm = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot()
            guard norm > 1e-9, norm.isFinite else { return nil }
            for row in 0..<3 { r[row][column] = v[row] / norm }
        }
        let degrees = 180 / Double.pi
        let yawSine = min(max(-r[2][0], -1), 1)
        self.y = Float(asin(yawSine) * degrees)
        self.x = Float(-atan2(r[2][1], r[2][2]) * degrees)
        self.z = Float(atan2(r[1][0], r[0][0]) * degrees)
    }

    /// The angles in the upright picture, for angles measured in a stored image that must be
    /// turned `clockwiseRotationDegrees` clockwise to be upright: the turn is a rotation about the
    /// camera axis, so only `z` changes (by −turn, wrapped into (−180, 180]).
    public func uprighted(clockwiseRotationDegrees turn: Int) -> HeadEulerAngles {
        var roll = (z - Float(turn)).truncatingRemainder(dividingBy: 360)
        if roll > 180 { roll -= 360 }
        if roll <= -180 { roll += 360 }
        return HeadEulerAngles(x: x, y: y, z: roll)
    }
}

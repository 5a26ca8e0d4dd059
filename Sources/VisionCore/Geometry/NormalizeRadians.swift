import Foundation

/// Wraps `angle` (radians) into `[−π, π)` as MediaPipe's `NormalizeRadians` does:
/// `a − 2π·floor((a + π)/(2π))`, evaluated in double and rounded to float.
///
/// Non-finite input gives NaN, as in MediaPipe.
public func normalizeRadians(_ angle: Float) -> Float {
    let a = Double(angle)
    return Float(a - 2 * Double.pi * (((a - -Double.pi) / (2 * Double.pi)).rounded(.down)))
}

import Foundation

/// Float32 elementary functions rounded correctly (to the nearest float), as MediaPipe 1.2.3's
/// binary computes them: it links LLVM's libc, whose float `atan2f`, `cosf`, `sinf` and `expf` are
/// correctly rounded, while glibc's (which Swift's `Float` overloads call on Linux) are off by one
/// ulp for some inputs. One ulp in a ROI rotation moves the 256×256 landmark crop's 1/32-pixel
/// sample positions and, through the tracking loop, MediaPipe's landmarks by up to 1e-4
/// (measured on the VIDEO goldens). Each function evaluates in double and rounds once; double
/// rounding differs from the correctly rounded float only when the double result lies within
/// 2⁻²⁹ ulp of a float midpoint.
public enum CorrectlyRounded {
    /// `atan2(y, x)` in radians.
    public static func atan2(_ y: Float, _ x: Float) -> Float {
        Float(Foundation.atan2(Double(y), Double(x)))
    }

    /// `cos(x)`, x in radians.
    public static func cos(_ x: Float) -> Float {
        Float(Foundation.cos(Double(x)))
    }

    /// `sin(x)`, x in radians.
    public static func sin(_ x: Float) -> Float {
        Float(Foundation.sin(Double(x)))
    }

    /// `eˣ`.
    public static func exp(_ x: Float) -> Float {
        Float(Foundation.exp(Double(x)))
    }
}

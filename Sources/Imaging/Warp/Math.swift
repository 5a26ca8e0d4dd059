#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's correctly rounded (glibc) double and float functions, as the C++ code calls them.
@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func cosine(_ x: Float) -> Float { cosf(x) }
@inline(__always) func sine(_ x: Float) -> Float { sinf(x) }
@inline(__always) func exponential(_ x: Float) -> Float { expf(x) }

/// Rounds half to even, like `cvRound` (`lrint` in the default rounding mode) for |x| < 2^51.
@inline(__always)
func roundHalfEven(_ x: Double) -> Double {
    let magic = 6_755_399_441_055_744.0 // 1.5 · 2^52
    return x >= 0 ? (x + magic) - magic : (x - magic) + magic
}

/// OpenCV's `saturate_cast<int>(double)` after clamping to the int range: NaN goes to `Int32.max`
/// as `std::max(INT_MIN, std::min(INT_MAX, NaN))` does.
@inline(__always)
func roundToInt32Clamped(_ x: Double) -> Int32 {
    let upper = Double(Int32.max), lower = Double(Int32.min)
    let clampedHigh = upper < x || x.isNaN ? upper : x   // std::min(INT_MAX, x) keeps INT_MAX for NaN
    let clamped = clampedHigh < lower ? lower : clampedHigh
    return Int32(roundHalfEven(clamped))
}

/// `saturate_cast<short>`.
@inline(__always)
func saturateInt16(_ x: Int32) -> Int32 {
    min(max(x, Int32(Int16.min)), Int32(Int16.max))
}

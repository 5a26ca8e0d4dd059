#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// OpenCV's and MediaPipe's scalar arithmetic, reproduced to the bit.

// The C library's double and float functions, as the C++ code calls them.
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

/// The same as ``roundToInt32Clamped(_:)`` without a conversion instruction: after clamping, adding
/// 1.5·2^52 leaves the rounded (half-to-even) integer in the low 32 bits of the double.
@inline(__always)
func roundToInt32ClampedFast(_ x: Double) -> Int32 {
    let upper = 2_147_483_647.0, lower = -2_147_483_648.0
    let high = x < upper ? x : upper          // NaN → upper, as std::min(INT_MAX, NaN) in OpenCV
    let clamped = high > lower ? high : lower
    return Int32(truncatingIfNeeded: (clamped + 6_755_399_441_055_744.0).bitPattern)
}

/// ``roundToInt32ClampedFast(_:)`` for two lanes.
@inline(__always)
func roundToInt32ClampedFast(_ x: SIMD2<Double>) -> SIMD2<Int32> {
    let upper = SIMD2<Double>(repeating: 2_147_483_647.0), lower = SIMD2<Double>(repeating: -2_147_483_648.0)
    let high = upper.replacing(with: x, where: x .< upper)      // NaN → upper
    let clamped = lower.replacing(with: high, where: high .> lower)
    let bits = (clamped + SIMD2(repeating: 6_755_399_441_055_744.0)).bitPattern
    return SIMD2(truncatingIfNeeded: bits)
}

extension SIMD2<Double> {
    @inline(__always)
    var bitPattern: SIMD2<UInt64> { SIMD2<UInt64>(x.bitPattern, y.bitPattern) }
}

/// `saturate_cast<short>`.
@inline(__always)
func saturateInt16(_ x: Int32) -> Int32 {
    min(max(x, Int32(Int16.min)), Int32(Int16.max))
}

/// OpenCV's `saturate_cast<int>(double)` (`cvRound`): round half to even; out-of-range and NaN give
/// `INT_MIN`, as `cvtsd2si` does.
@inline(__always)
func openCVRound(_ x: Double) -> Int32 {
    guard x > -2_147_483_648.5, x < 2_147_483_647.5 else { return Int32.min }
    return Int32(roundHalfEven(x))
}

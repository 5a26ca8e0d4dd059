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

/// The int32 clamp of ``roundToInt32Clamped(_:)`` for four lanes, NaN going to `Int32.max`.
@inline(__always)
func clampedForRounding(_ x: SIMD4<Double>) -> SIMD4<Double> {
    let upper = SIMD4<Double>(repeating: 2_147_483_647.0), lower = SIMD4<Double>(repeating: -2_147_483_648.0)
    let high = upper.replacing(with: x, where: x .< upper)      // NaN → upper, as std::min(INT_MAX, NaN)
    return lower.replacing(with: high, where: high .> lower)
}

/// Rounds four lanes in `[−2^31, 2^31)` half to even to int32 without a conversion instruction:
/// adding 1.5·2^52 leaves the rounded integer, two's complement, in the low 32 bits of the double.
@inline(__always)
func roundToInt32Bits(_ x: SIMD4<Double>) -> SIMD4<Int32> {
    let shifted = x + SIMD4(repeating: 6_755_399_441_055_744.0)
    return SIMD4<Int32>(truncatingIfNeeded: unsafeBitCast(shifted, to: SIMD4<UInt64>.self))
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

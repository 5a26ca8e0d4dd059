/// The YUV ↔ RGB conversions of the Imaging module.
///
/// **YUV → RGB** is BT.601 "video range" (Y in 16…235, U/V centred on 128) in 20-bit fixed point,
/// with the same integer coefficients and rounding as OpenCV's `COLOR_YUV2RGB_NV12` /
/// `COLOR_YUV2RGB_I420`, so a camera frame converted here equals OpenCV's conversion byte for byte
/// (checked against OpenCV 4.11 by the goldens). Each 2×2 block of luma shares one chroma sample
/// (no chroma interpolation).
///
/// **RGB → YUV** (used to build YUV test images and for `converted(to:)`) is the classic 8-bit BT.601
/// video-range formula, with each chroma sample taken from the average of its 2×2 block.
enum YUV {
    // Coefficients of OpenCV's ITU-R BT.601 YUV→RGB conversion (modules/imgproc, color_yuv),
    // scaled by 2^20. Data only.
    static let shift: Int32 = 20
    static let cy: Int32 = 1_220_542
    static let cub: Int32 = 2_116_026
    static let cug: Int32 = -409_993
    static let cvg: Int32 = -852_492
    static let cvr: Int32 = 1_673_527

    /// One pixel of YUV to RGB.
    @inline(__always)
    static func rgb(y: UInt8, u: UInt8, v: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        let uc = Int32(u) - 128, vc = Int32(v) - 128
        let half: Int32 = 1 << (shift - 1)
        let ruv = half &+ cvr &* vc
        let guv = half &+ cvg &* vc &+ cug &* uc
        let buv = half &+ cub &* uc
        let luma = max(0, Int32(y) - 16) &* cy
        return (clampToByte((luma &+ ruv) >> shift), clampToByte((luma &+ guv) >> shift),
                clampToByte((luma &+ buv) >> shift))
    }

    /// One pixel of RGB to YUV (BT.601 video range, 8-bit integer approximation).
    @inline(__always)
    static func luma(r: Int32, g: Int32, b: Int32) -> UInt8 {
        clampToByte(((66 * r + 129 * g + 25 * b + 128) >> 8) + 16)
    }

    @inline(__always)
    static func chroma(r: Int32, g: Int32, b: Int32) -> (u: UInt8, v: UInt8) {
        (clampToByte(((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128),
         clampToByte(((112 * r - 94 * g - 18 * b + 128) >> 8) + 128))
    }
}

@inline(__always)
func clampToByte(_ value: Int32) -> UInt8 {
    UInt8(truncatingIfNeeded: min(max(value, 0), 255))
}

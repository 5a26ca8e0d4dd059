/// The YUV ↔ RGB conversions of the Imaging module, for each ``YUVColorSpace``.
///
/// **YUV → RGB** is 20-bit fixed point. For BT.601 video range the integer coefficients and
/// rounding are OpenCV's `COLOR_YUV2RGB_NV12` / `COLOR_YUV2RGB_I420`, so a camera frame converted
/// here equals OpenCV's conversion byte for byte (checked against OpenCV 4.11 by the goldens); the
/// other spaces use their standard coefficients rounded the same way (to 3 decimals). Each 2×2
/// block of luma shares one chroma sample (no chroma interpolation).
///
/// **RGB → YUV** (drawing colours, test images, `converted(to:)`) is the classic 8-bit integer
/// approximation (coefficients × 256), with each chroma sample taken from the average of its 2×2
/// block where whole images are converted.
enum YUV {
    static let shift: Int32 = 20

    /// YUV → RGB for one colour space.
    struct Decoder: YUVToRGB {
        let cy: Int32, cub: Int32, cug: Int32, cvg: Int32, cvr: Int32
        /// 16 in video range, 0 in full range.
        let lumaOffset: Int32

        /// One pixel of YUV to RGB.
        @inline(__always)
        func rgb(y: UInt8, u: UInt8, v: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
            let uc = Int32(u) - 128, vc = Int32(v) - 128
            let half: Int32 = 1 << (shift - 1)
            let ruv = half &+ cvr &* vc
            let guv = half &+ cvg &* vc &+ cug &* uc
            let buv = half &+ cub &* uc
            let luma = max(0, Int32(y) - lumaOffset) &* cy
            return (clampToByte((luma &+ ruv) >> shift), clampToByte((luma &+ guv) >> shift),
                    clampToByte((luma &+ buv) >> shift))
        }
    }

    /// RGB → YUV for one colour space: rows of coefficients × 256.
    struct Encoder {
        let y: (r: Int32, g: Int32, b: Int32)
        let u: (r: Int32, g: Int32, b: Int32)
        let v: (r: Int32, g: Int32, b: Int32)
        /// 16 in video range, 0 in full range.
        let lumaOffset: Int32

        @inline(__always)
        func luma(r: Int32, g: Int32, b: Int32) -> UInt8 {
            clampToByte(((y.r * r + y.g * g + y.b * b + 128) >> 8) + lumaOffset)
        }

        @inline(__always)
        func chroma(r: Int32, g: Int32, b: Int32) -> (u: UInt8, v: UInt8) {
            (clampToByte(((u.r * r + u.g * g + u.b * b + 128) >> 8) + 128),
             clampToByte(((v.r * r + v.g * g + v.b * b + 128) >> 8) + 128))
        }
    }

    /// BT.601 video range (camera frames, untagged video): a constant, so that readers of it
    /// multiply by immediates.
    static let bt601VideoRange = Decoder(cy: 1_220_542, cub: 2_116_026, cug: -409_993, cvg: -852_492, cvr: 1_673_527, lumaOffset: 16)

    /// Coefficients × 2^20 of the standard YUV → RGB equations. Data only: BT.601 video range is
    /// OpenCV's (modules/imgproc, color_yuv); the others are ITU-R BT.601 / BT.709 rounded to 3
    /// decimals as OpenCV rounds BT.601.
    static func decoder(for space: YUVColorSpace) -> Decoder {
        switch (space.matrix, space.isFullRange) {
        case (.bt601, false): bt601VideoRange
        case (.bt709, false): Decoder(cy: 1_220_542, cub: 2_214_593, cug: -223_347, cvg: -558_891, cvr: 1_880_097, lumaOffset: 16)
        case (.bt601, true): Decoder(cy: 1_048_576, cub: 1_858_077, cug: -360_710, cvg: -748_683, cvr: 1_470_104, lumaOffset: 0)
        case (.bt709, true): Decoder(cy: 1_048_576, cub: 1_946_157, cug: -196_084, cvg: -490_734, cvr: 1_651_507, lumaOffset: 0)
        }
    }

    /// The 8-bit integer RGB → YUV coefficients (× 256, each row rounded so white stays white and
    /// grey has no chroma). Data only, from the standard equations.
    static func encoder(for space: YUVColorSpace) -> Encoder {
        switch (space.matrix, space.isFullRange) {
        case (.bt601, false): Encoder(y: (66, 129, 25), u: (-38, -74, 112), v: (112, -94, -18), lumaOffset: 16)
        case (.bt709, false): Encoder(y: (47, 157, 16), u: (-26, -86, 112), v: (112, -102, -10), lumaOffset: 16)
        case (.bt601, true): Encoder(y: (77, 150, 29), u: (-43, -85, 128), v: (128, -107, -21), lumaOffset: 0)
        case (.bt709, true): Encoder(y: (54, 183, 19), u: (-29, -99, 128), v: (128, -116, -12), lumaOffset: 0)
        }
    }
}

@inline(__always)
func clampToByte(_ value: Int32) -> UInt8 {
    UInt8(truncatingIfNeeded: min(max(value, 0), 255))
}

/// Per-pixel YUV → RGB, as a ``YUV420Reader`` converts.
protocol YUVToRGB {
    func rgb(y: UInt8, u: UInt8, v: UInt8) -> (r: UInt8, g: UInt8, b: UInt8)
    /// The coefficients, for the vectorized group path.
    var coefficients: YUV.Decoder { get }
}

extension YUV.Decoder {
    var coefficients: YUV.Decoder { self }
}

/// ``YUV/bt601VideoRange`` as a type of its own, so that the warp specialized for it converts with
/// constant coefficients (the common case: ~10 % faster than a ``YUV/Decoder`` value).
struct BT601VideoRangeToRGB: YUVToRGB {
    var coefficients: YUV.Decoder { YUV.bt601VideoRange }

    @inline(__always)
    func rgb(y: UInt8, u: UInt8, v: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        YUV.bt601VideoRange.rgb(y: y, u: u, v: v)
    }
}

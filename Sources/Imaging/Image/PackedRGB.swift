/// Three channels in 21-bit lanes of a `UInt64` (R in bits 0…20, G in 21…41, B in 42…62), so that one
/// integer multiply-add blends all three channels at once (the lanes never overflow in the bilinear
/// arithmetic: at most 255·32·32 + 512 < 2^21).
enum PackedRGB {
    @inline(__always)
    static func pack(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt64 {
        let red = UInt64(r), green = UInt64(g) &<< 21, blue = UInt64(b) &<< 42
        return red | green | blue
    }

    /// Spreads the 3 low bytes of `v` (R, G, B in memory order) into lanes.
    @inline(__always)
    static func spread(_ v: UInt64) -> UInt64 {
        let r: UInt64 = v & 0xFF
        let g: UInt64 = (v & 0xFF00) &<< 13
        let b: UInt64 = (v & 0xFF_0000) &<< 26
        return r | g | b
    }

    /// OpenCV's 8-bit bilinear blend: `(Σ p·w + 2^14) >> 15` with `w00 = (32−fx)(32−fy)·32` etc.,
    /// computed exactly as `((32−fy)·((32−fx)·p00 + fx·p01) + fy·((32−fx)·p10 + fx·p11) + 512) >> 10`
    /// (the same integer, divided by 32), written to `out[0…2]`.
    @inline(__always)
    static func blend(_ p00: UInt64, _ p01: UInt64, _ p10: UInt64, _ p11: UInt64, fx: UInt64, fy: UInt64,
                      into out: UnsafeMutablePointer<UInt8>) {
        let top = p00 &* (32 &- fx) &+ p01 &* fx
        let bottom = p10 &* (32 &- fx) &+ p11 &* fx
        let rounding: UInt64 = 512 | 512 << 21 | 512 << 42
        let sum = top &* (32 &- fy) &+ bottom &* fy &+ rounding
        out[0] = UInt8(truncatingIfNeeded: (sum &>> 10) & 0x7FF)
        out[1] = UInt8(truncatingIfNeeded: (sum &>> 31) & 0x7FF)
        out[2] = UInt8(truncatingIfNeeded: (sum &>> 52) & 0x7FF)
    }
}

/// Reads the RGB value of an in-bounds pixel of an ``Image``, whatever its format. The warp kernels
/// are generic over these readers so each format gets its own specialized loop.
protocol PixelReader {
    var width: Int { get }
    var height: Int { get }
    /// The RGB value of pixel (x, y); the caller guarantees `0 ≤ x < width`, `0 ≤ y < height`.
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)
    /// The 2×2 neighbourhood `(x, y)…(x + 1, y + 1)` as packed lanes (see ``PackedRGB``); the caller
    /// guarantees `0 ≤ x < width − 1`, `0 ≤ y < height − 1`.
    func quad(_ x: Int, _ y: Int) -> (UInt64, UInt64, UInt64, UInt64)
    /// Writes the bilinear blend of the 2×2 neighbourhood at `(x, y)` with fractions `fx`, `fy`
    /// (0…31, 1/32 px) to `out[0…2]`; same preconditions as ``quad(_:_:)``.
    func blendInterior(_ x: Int, _ y: Int, fx: UInt64, fy: UInt64, into out: UnsafeMutablePointer<UInt8>)
}

extension PixelReader {
    @inline(__always)
    func packed(_ x: Int, _ y: Int) -> UInt64 {
        let (r, g, b) = rgb(x, y)
        return PackedRGB.pack(r, g, b)
    }

    @inline(__always)
    func quad(_ x: Int, _ y: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        (packed(x, y), packed(x &+ 1, y), packed(x, y &+ 1), packed(x &+ 1, y &+ 1))
    }

    @inline(__always)
    func blendInterior(_ x: Int, _ y: Int, fx: UInt64, fy: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        let (p00, p01, p10, p11) = quad(x, y)
        PackedRGB.blend(p00, p01, p10, p11, fx: fx, fy: fy, into: out)
    }
}

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

/// 3 bytes per pixel, R G B.
struct RGB8Reader: PixelReader {
    let base: UnsafePointer<UInt8>
    let rowStride: Int
    let width: Int
    let height: Int
    /// The largest offset at which 8 bytes can be read without leaving the buffer.
    let lastWideReadOffset: Int

    @inline(__always)
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let p = base + (y &* rowStride &+ x &* 3)
        return (p[0], p[1], p[2])
    }

    /// The same blend as the default, from two row reads of 6 (or, away from the buffer's end, 8) bytes: the even and odd bytes of each row
    /// are blended vertically in 16-bit lanes (`(32−fy)·top + fy·bottom ≤ 8160`), then each channel
    /// horizontally; the integer is the same, so is the result.
    @inline(__always)
    func blendInterior(_ x: Int, _ y: Int, fx: UInt64, fy: UInt64, into out: UnsafeMutablePointer<UInt8>) {
        let offset = y &* rowStride &+ x &* 3
        let top = UnsafeRawPointer(base + offset)
        let bottom = top + rowStride
        let a, c: UInt64
        if offset &+ rowStride <= lastWideReadOffset {
            // 8-byte reads; bytes 6 and 7 belong to the next pixel and are masked away below.
            a = top.loadUnaligned(as: UInt64.self)
            c = bottom.loadUnaligned(as: UInt64.self)
        } else {
            a = UInt64(top.loadUnaligned(as: UInt32.self)) | UInt64(top.loadUnaligned(fromByteOffset: 4, as: UInt16.self)) &<< 32
            c = UInt64(bottom.loadUnaligned(as: UInt32.self)) | UInt64(bottom.loadUnaligned(fromByteOffset: 4, as: UInt16.self)) &<< 32
        }
        let mask: UInt64 = 0x00FF_00FF_00FF
        let wy0 = 32 &- fy
        // even bytes: r0, b0, g1; odd bytes: g0, r1, b1 (16-bit lanes)
        let even = (a & mask) &* wy0 &+ (c & mask) &* fy
        let odd = ((a &>> 8) & mask) &* wy0 &+ ((c &>> 8) & mask) &* fy
        let wx0 = 32 &- fx
        let r = (even & 0xFFFF) &* wx0 &+ ((odd &>> 16) & 0xFFFF) &* fx
        let g = (odd & 0xFFFF) &* wx0 &+ ((even &>> 32) & 0xFFFF) &* fx
        let b = ((even &>> 16) & 0xFFFF) &* wx0 &+ (odd &>> 32) &* fx
        out[0] = UInt8(truncatingIfNeeded: (r &+ 512) &>> 10)
        out[1] = UInt8(truncatingIfNeeded: (g &+ 512) &>> 10)
        out[2] = UInt8(truncatingIfNeeded: (b &+ 512) &>> 10)
    }

    /// Reads the 6 bytes of each row pair with two unaligned loads (never past the two pixels).
    @inline(__always)
    func quad(_ x: Int, _ y: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        let top = UnsafeRawPointer(base + (y &* rowStride &+ x &* 3))
        let bottom = top + rowStride
        let a0 = UInt64(top.loadUnaligned(as: UInt32.self))
        let a1 = UInt64(top.loadUnaligned(fromByteOffset: 4, as: UInt16.self)) &<< 32
        let c0 = UInt64(bottom.loadUnaligned(as: UInt32.self))
        let c1 = UInt64(bottom.loadUnaligned(fromByteOffset: 4, as: UInt16.self)) &<< 32
        let a = a0 | a1, c = c0 | c1
        return (PackedRGB.spread(a), PackedRGB.spread(a &>> 24), PackedRGB.spread(c), PackedRGB.spread(c &>> 24))
    }

}

/// 4 bytes per pixel; `redOffset` is 0 for RGBA and 2 for BGRA. Alpha is ignored.
struct RGBX8Reader: PixelReader {
    let base: UnsafePointer<UInt8>
    let rowStride: Int
    let width: Int
    let height: Int
    let redOffset: Int

    @inline(__always)
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let p = base + (y &* rowStride &+ x &* 4)
        return (p[redOffset], p[1], p[2 &- redOffset])
    }

}

/// 1 byte per pixel, replicated to R, G and B.
struct Gray8Reader: PixelReader {
    let base: UnsafePointer<UInt8>
    let rowStride: Int
    let width: Int
    let height: Int

    @inline(__always)
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let value = base[y &* rowStride &+ x]
        return (value, value, value)
    }

}

/// YUV 4:2:0 (NV12, NV21, I420), converted per pixel with ``YUV/rgb(y:u:v:)``. `chromaStep` is 2 for
/// the interleaved NV formats and 1 for I420.
struct YUV420Reader: PixelReader {
    let luma: UnsafePointer<UInt8>
    let lumaStride: Int
    let u: UnsafePointer<UInt8>
    let uStride: Int
    let v: UnsafePointer<UInt8>
    let vStride: Int
    let chromaStep: Int
    let width: Int
    let height: Int

    @inline(__always)
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let cx = (x >> 1) &* chromaStep, cy = y >> 1
        let value = YUV.rgb(y: luma[y &* lumaStride &+ x], u: u[cy &* uStride &+ cx], v: v[cy &* vStride &+ cx])
        return (value.r, value.g, value.b)
    }

}

extension Image {
    /// Dispatches on the format and hands `visitor` a concrete reader type, so generic visitors are
    /// specialized for each format. The reader is only valid inside the call.
    func withReader<V: ReaderVisitor>(_ visitor: V) throws(ImageError) -> V.Result {
        let w = width, h = height
        let stride0 = planes[0].rowStride
        switch format {
        case .rgb8:
            return try planes[0].bytes.withUnsafeBufferPointer { (p) throws(ImageError) -> V.Result in
                try visitor.visit(RGB8Reader(base: p.baseAddress!, rowStride: stride0, width: w, height: h,
                                             lastWideReadOffset: p.count - 8))
            }
        case .rgba8, .bgra8:
            let red = format == .rgba8 ? 0 : 2
            return try planes[0].bytes.withUnsafeBufferPointer { (p) throws(ImageError) -> V.Result in
                try visitor.visit(RGBX8Reader(base: p.baseAddress!, rowStride: stride0, width: w, height: h, redOffset: red))
            }
        case .gray8:
            return try planes[0].bytes.withUnsafeBufferPointer { (p) throws(ImageError) -> V.Result in
                try visitor.visit(Gray8Reader(base: p.baseAddress!, rowStride: stride0, width: w, height: h))
            }
        case .nv12, .nv21:
            let stride1 = planes[1].rowStride
            let uFirst = format == .nv12
            return try planes[0].bytes.withUnsafeBufferPointer { (luma) throws(ImageError) -> V.Result in
                try planes[1].bytes.withUnsafeBufferPointer { (chroma) throws(ImageError) -> V.Result in
                    let first = chroma.baseAddress!
                    return try visitor.visit(YUV420Reader(luma: luma.baseAddress!, lumaStride: stride0,
                                                          u: uFirst ? first : first + 1, uStride: stride1,
                                                          v: uFirst ? first + 1 : first, vStride: stride1,
                                                          chromaStep: 2, width: w, height: h))
                }
            }
        case .i420:
            let stride1 = planes[1].rowStride, stride2 = planes[2].rowStride
            return try planes[0].bytes.withUnsafeBufferPointer { (luma) throws(ImageError) -> V.Result in
                try planes[1].bytes.withUnsafeBufferPointer { (u) throws(ImageError) -> V.Result in
                    try planes[2].bytes.withUnsafeBufferPointer { (v) throws(ImageError) -> V.Result in
                        try visitor.visit(YUV420Reader(luma: luma.baseAddress!, lumaStride: stride0,
                                                       u: u.baseAddress!, uStride: stride1, v: v.baseAddress!, vStride: stride2,
                                                       chromaStep: 1, width: w, height: h))
                    }
                }
            }
        }
    }
}

/// A computation over some concrete ``PixelReader``; generic so that it is specialized per format.
protocol ReaderVisitor {
    associatedtype Result
    func visit<R: PixelReader>(_ reader: R) throws(ImageError) -> Result
}

/// Reads the RGB value of an in-bounds pixel of an ``Image``, whatever its format. The warp kernels
/// are generic over these readers so each format gets its own specialized loop.
protocol PixelReader {
    var width: Int { get }
    var height: Int { get }
    /// The RGB value of pixel (x, y); the caller guarantees `0 ≤ x < width`, `0 ≤ y < height`.
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)
}

/// 3 bytes per pixel, R G B.
struct RGB8Reader: PixelReader {
    let base: UnsafePointer<UInt8>
    let rowStride: Int
    let width: Int
    let height: Int

    @inline(__always)
    func rgb(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let p = base + (y &* rowStride &+ x &* 3)
        return (p[0], p[1], p[2])
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
                try visitor.visit(RGB8Reader(base: p.baseAddress!, rowStride: stride0, width: w, height: h))
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

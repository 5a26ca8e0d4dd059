/// The fast perspective warp: the same arithmetic as ``ReferenceWarp/warpPerspective`` (and so as
/// OpenCV), restructured for speed. Per row, the block start terms are computed once per 64-pixel
/// block; per pixel, one division, two roundings, and four taps read straight from the source
/// through a format-specialized ``PixelReader``. Taps near the border fall back to a per-tap path.
struct PerspectiveWarpKernel: ReaderVisitor {
    let inverse: PerspectiveTransform
    let outputWidth: Int
    let outputHeight: Int
    let border: BorderMode
    let output: UnsafeMutablePointer<UInt8>

    func visit<R: PixelReader>(_ reader: R) throws(ImageError) -> Void {
        let m = inverse.m
        let m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7], m8 = m[8]
        let blockHeight = min(16, outputHeight)
        let blockWidth = min(1024 / blockHeight, outputWidth)
        let width = reader.width, height = reader.height
        let lastX = UInt(width - 1), lastY = UInt(height - 1)
        let replicate = border == .replicate
        var out = output
        for y in 0..<outputHeight {
            let dy = Double(y)
            var blockStart = 0
            while blockStart < outputWidth {
                let db = Double(blockStart)
                let x0 = m0 * db + m1 * dy + m2
                let y0 = m3 * db + m4 * dy + m5
                let w0 = m6 * db + m7 * dy + m8
                let count = min(blockWidth, outputWidth - blockStart)
                for x1 in 0..<count {
                    let dx = Double(x1)
                    var w = w0 + m6 * dx
                    w = w != 0 ? 32 / w : 0
                    let xi = roundToInt32Clamped((x0 + m0 * dx) * w)
                    let yi = roundToInt32Clamped((y0 + m3 * dx) * w)
                    let sx = Int(saturateInt16(xi &>> 5)), sy = Int(saturateInt16(yi &>> 5))
                    let fx = xi & 31, fy = yi & 31
                    let w00 = (32 &- fx) &* (32 &- fy) &* 32, w01 = fx &* (32 &- fy) &* 32
                    let w10 = (32 &- fx) &* fy &* 32, w11 = fx &* fy &* 32
                    let p00, p01, p10, p11: (UInt8, UInt8, UInt8)
                    if UInt(bitPattern: sx) < lastX && UInt(bitPattern: sy) < lastY {
                        p00 = reader.rgb(sx, sy); p01 = reader.rgb(sx &+ 1, sy)
                        p10 = reader.rgb(sx, sy &+ 1); p11 = reader.rgb(sx &+ 1, sy &+ 1)
                    } else if replicate {
                        let xa = min(max(sx, 0), width - 1), xb = min(max(sx + 1, 0), width - 1)
                        let ya = min(max(sy, 0), height - 1), yb = min(max(sy + 1, 0), height - 1)
                        p00 = reader.rgb(xa, ya); p01 = reader.rgb(xb, ya)
                        p10 = reader.rgb(xa, yb); p11 = reader.rgb(xb, yb)
                    } else {
                        func tap(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
                            x >= 0 && y >= 0 && x < width && y < height ? reader.rgb(x, y) : (0, 0, 0)
                        }
                        p00 = tap(sx, sy); p01 = tap(sx + 1, sy); p10 = tap(sx, sy + 1); p11 = tap(sx + 1, sy + 1)
                    }
                    out[0] = blend(p00.0, p01.0, p10.0, p11.0, w00, w01, w10, w11)
                    out[1] = blend(p00.1, p01.1, p10.1, p11.1, w00, w01, w10, w11)
                    out[2] = blend(p00.2, p01.2, p10.2, p11.2, w00, w01, w10, w11)
                    out += 3
                }
                blockStart += blockWidth
            }
        }
    }

    @inline(__always)
    private func blend(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8,
                       _ wa: Int32, _ wb: Int32, _ wc: Int32, _ wd: Int32) -> UInt8 {
        let sum = Int32(a) &* wa &+ Int32(b) &* wb &+ Int32(c) &* wc &+ Int32(d) &* wd
        return UInt8(truncatingIfNeeded: (sum &+ 16384) &>> 15)
    }
}

/// The fast perspective warp: the same arithmetic as ``ReferenceWarp/warpPerspective`` (and so as
/// OpenCV), restructured for speed. Per row, the block start terms are computed once per 64-pixel
/// block; per pixel, one division, two roundings, and the four taps read straight from the source
/// through a format-specialized ``PixelReader`` and blended in packed lanes (``PackedRGB``). Taps near the border fall back to a per-tap path.
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
        // Phase 1 computes the fixed-point source positions of one block row (pure arithmetic), phase
        // 2 samples them; separating the two lets the CPU keep many source reads in flight.
        let positions = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * blockWidth + 2)
        defer { positions.deallocate() }
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
                // Two pixels per step in SIMD2<Double> (the same IEEE operations per lane).
                let x0v = SIMD2(repeating: x0), y0v = SIMD2(repeating: y0), w0v = SIMD2(repeating: w0)
                let m0v = SIMD2(repeating: m0), m3v = SIMD2(repeating: m3), m6v = SIMD2(repeating: m6)
                var dx = SIMD2<Double>(0, 1)
                var x1 = 0
                while x1 < count {
                    let w = w0v + m6v * dx
                    let scale = (SIMD2<Double>(repeating: 32) / w).replacing(with: 0, where: w .== 0)
                    let xs = roundToInt32ClampedFast((x0v + m0v * dx) * scale)
                    let ys = roundToInt32ClampedFast((y0v + m3v * dx) * scale)
                    positions[2 &* x1] = xs.x
                    positions[2 &* x1 &+ 1] = ys.x
                    positions[2 &* x1 &+ 2] = xs.y     // one spare pair at the end of the buffer
                    positions[2 &* x1 &+ 3] = ys.y
                    dx += 2
                    x1 &+= 2
                }
                for x1 in 0..<count {
                    let xi = positions[2 &* x1], yi = positions[2 &* x1 &+ 1]
                    // Without int16 saturation: it cannot change a tap inside the image (< 32768 px).
                    let sx = Int(xi &>> 5), sy = Int(yi &>> 5)
                    let fx = UInt64(xi & 31), fy = UInt64(yi & 31)
                    let p00, p01, p10, p11: UInt64
                    if UInt(bitPattern: sx) < lastX && UInt(bitPattern: sy) < lastY {
                        (p00, p01, p10, p11) = reader.quad(sx, sy)
                    } else {
                        // OpenCV saturates the source position to int16 before the border logic.
                        let bx = Int(saturateInt16(xi &>> 5)), by = Int(saturateInt16(yi &>> 5))
                        if replicate {
                            let xa = min(max(bx, 0), width - 1), xb = min(max(bx + 1, 0), width - 1)
                            let ya = min(max(by, 0), height - 1), yb = min(max(by + 1, 0), height - 1)
                            p00 = reader.packed(xa, ya); p01 = reader.packed(xb, ya)
                            p10 = reader.packed(xa, yb); p11 = reader.packed(xb, yb)
                        } else {
                            func tap(_ x: Int, _ y: Int) -> UInt64 {
                                x >= 0 && y >= 0 && x < width && y < height ? reader.packed(x, y) : 0
                            }
                            p00 = tap(bx, by); p01 = tap(bx + 1, by); p10 = tap(bx, by + 1); p11 = tap(bx + 1, by + 1)
                        }
                    }
                    PackedRGB.blend(p00, p01, p10, p11, fx: fx, fy: fy, into: out)
                    out += 3
                }
                blockStart += blockWidth
            }
        }
    }
}

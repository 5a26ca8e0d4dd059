/// The fast perspective warp: the same arithmetic as ``ReferenceWarp/warpPerspective`` (and so as
/// OpenCV), restructured for speed:
///
/// - the output is walked in OpenCV's blocks of 16 rows × 64 columns, so a block's source area stays
///   in cache, and the block-start terms are computed once per block row;
/// - the fixed-point source positions of a block row are computed first, two pixels per step in
///   `SIMD2<Double>` (the same IEEE operations per lane), then sampled;
/// - interior pixels are blended by the format-specialized ``PixelReader/blendInterior(_:_:fx:fy:into:)``
///   in packed integer lanes; pixels whose taps touch the border take a per-tap path.
struct PerspectiveWarpKernel: ReaderVisitor {
    let inverse: PerspectiveTransform
    let outputWidth: Int
    let outputHeight: Int
    let border: BorderMode
    let output: UnsafeMutablePointer<UInt8>

    func visit<R: PixelReader>(_ reader: R) throws(ImageError) {
        let blockHeight = min(16, outputHeight)
        let blockWidth = min(1024 / blockHeight, outputWidth)
        // One spare pair: the SIMD loop writes two pixels per step.
        let positions = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * blockWidth + 2)
        defer { positions.deallocate() }
        var bandStart = 0
        while bandStart < outputHeight {
            let bandEnd = min(bandStart + blockHeight, outputHeight)
            var blockStart = 0
            while blockStart < outputWidth {
                let count = min(blockWidth, outputWidth - blockStart)
                for y in bandStart..<bandEnd {
                    computePositions(y: y, blockStart: blockStart, count: count, into: positions)
                    sample(reader, positions: positions, count: count,
                           into: output + (y &* outputWidth &+ blockStart) &* 3)
                }
                blockStart += blockWidth
            }
            bandStart = bandEnd
        }
    }

    /// The source positions in 1/32 px of `count` pixels of row `y` from `blockStart`, as OpenCV's
    /// `WarpPerspectiveInvoker`: `X0 = m0·blockStart + m1·y + m2`, then per pixel `x1`
    /// `W = W0 + m6·x1`, `s = W ≠ 0 ? 32/W : 0`, `round((X0 + m0·x1)·s)` clamped to int32.
    @inline(__always)
    private func computePositions(y: Int, blockStart: Int, count: Int, into positions: UnsafeMutablePointer<Int32>) {
        let m = inverse.m
        let dy = Double(y), db = Double(blockStart)
        let x0 = SIMD2(repeating: m[0] * db + m[1] * dy + m[2])
        let y0 = SIMD2(repeating: m[3] * db + m[4] * dy + m[5])
        let w0 = SIMD2(repeating: m[6] * db + m[7] * dy + m[8])
        let m0 = SIMD2(repeating: m[0]), m3 = SIMD2(repeating: m[3]), m6 = SIMD2(repeating: m[6])
        var dx = SIMD2<Double>(0, 1)
        var x1 = 0
        while x1 < count {
            let w = w0 + m6 * dx
            let scale = (SIMD2<Double>(repeating: 32) / w).replacing(with: 0, where: w .== 0)
            let xs = roundToInt32ClampedFast((x0 + m0 * dx) * scale)
            let ys = roundToInt32ClampedFast((y0 + m3 * dx) * scale)
            positions[2 &* x1] = xs.x
            positions[2 &* x1 &+ 1] = ys.x
            positions[2 &* x1 &+ 2] = xs.y
            positions[2 &* x1 &+ 3] = ys.y
            dx += 2
            x1 &+= 2
        }
    }

    /// Samples `count` pixels at `positions` into `out` (3 bytes each).
    @inline(__always)
    private func sample<R: PixelReader>(_ reader: R, positions: UnsafeMutablePointer<Int32>, count: Int,
                                        into output: UnsafeMutablePointer<UInt8>) {
        let width = reader.width, height = reader.height
        let lastX = UInt(width - 1), lastY = UInt(height - 1)
        var out = output
        for x1 in 0..<count {
            let xi = positions[2 &* x1], yi = positions[2 &* x1 &+ 1]
            // Without int16 saturation: it cannot change a tap inside the image (< 32768 px).
            let sx = Int(xi &>> 5), sy = Int(yi &>> 5)
            let fx = UInt64(xi & 31), fy = UInt64(yi & 31)
            if UInt(bitPattern: sx) < lastX && UInt(bitPattern: sy) < lastY {
                reader.blendInterior(sx, sy, fx: fx, fy: fy, into: out)
            } else {
                // OpenCV saturates the source position to int16 before the border logic.
                let bx = Int(saturateInt16(xi &>> 5)), by = Int(saturateInt16(yi &>> 5))
                let p00, p01, p10, p11: UInt64
                switch border {
                case .replicate:
                    let xa = min(max(bx, 0), width - 1), xb = min(max(bx + 1, 0), width - 1)
                    let ya = min(max(by, 0), height - 1), yb = min(max(by + 1, 0), height - 1)
                    p00 = reader.packed(xa, ya); p01 = reader.packed(xb, ya)
                    p10 = reader.packed(xa, yb); p11 = reader.packed(xb, yb)
                case .zero:
                    func tap(_ x: Int, _ y: Int) -> UInt64 {
                        x >= 0 && y >= 0 && x < width && y < height ? reader.packed(x, y) : 0
                    }
                    p00 = tap(bx, by); p01 = tap(bx + 1, by); p10 = tap(bx, by + 1); p11 = tap(bx + 1, by + 1)
                }
                PackedRGB.blend(p00, p01, p10, p11, fx: fx, fy: fy, into: out)
            }
            out += 3
        }
    }
}

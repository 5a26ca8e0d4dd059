/// Plain, per-pixel versions of the warps, written for clarity; the fast kernels are tested against
/// them. They follow OpenCV 4.x step by step (docs/pipeline.md §2.2 and §6.6).
package enum ReferenceWarp {
    /// `cv::warpPerspective(src, dst, M, size, INTER_LINEAR, border)` for packed RGB bytes, given the
    /// **inverse** map `inverse` (destination pixel index → source position).
    ///
    /// Per destination pixel `(x, y)` (integer indices, no +0.5): `(X, Y, W) = inverse·(x, y, 1)` in
    /// double — evaluated as OpenCV does, from the start of its 64-pixel-wide block —, then
    /// `Xi = round(X·32/W)`, the source pixel `Xi >> 5` and the 1/32 fraction `Xi & 31`, bilinear weights
    /// `(32−fx)(32−fy)·32` etc. summing to 32768, and `(Σ p·w + 16384) >> 15`.
    package static func warpPerspective(rgb: [UInt8], width: Int, height: Int, inverse: PerspectiveTransform,
                                        outputWidth: Int, outputHeight: Int, border: BorderMode) -> [UInt8] {
        let m = inverse.m
        var out = [UInt8](repeating: 0, count: outputWidth * outputHeight * 3)
        // OpenCV's block size: rows of 16, blocks of 1024/16 = 64 pixels (or the whole width if smaller).
        let blockHeight = min(16, outputHeight)
        let blockWidth = min(1024 / blockHeight, outputWidth)

        func tap(_ x: Int, _ y: Int, _ channel: Int) -> Int32 {
            var x = x, y = y
            switch border {
            case .zero:
                if x < 0 || y < 0 || x >= width || y >= height { return 0 }
            case .replicate:
                x = min(max(x, 0), width - 1)
                y = min(max(y, 0), height - 1)
            }
            return Int32(rgb[(y * width + x) * 3 + channel])
        }

        for y in 0..<outputHeight {
            for x in 0..<outputWidth {
                let blockStart = (x / blockWidth) * blockWidth
                let x1 = Double(x - blockStart)
                let x0 = m[0] * Double(blockStart) + m[1] * Double(y) + m[2]
                let y0 = m[3] * Double(blockStart) + m[4] * Double(y) + m[5]
                let w0 = m[6] * Double(blockStart) + m[7] * Double(y) + m[8]
                var w = w0 + m[6] * x1
                w = w != 0 ? 32 / w : 0
                let xi = roundToInt32Clamped((x0 + m[0] * x1) * w)
                let yi = roundToInt32Clamped((y0 + m[3] * x1) * w)
                let sx = Int(saturateInt16(xi >> 5)), sy = Int(saturateInt16(yi >> 5))
                let fx = xi & 31, fy = yi & 31
                let w00 = (32 - fx) * (32 - fy) * 32, w01 = fx * (32 - fy) * 32
                let w10 = (32 - fx) * fy * 32, w11 = fx * fy * 32
                for c in 0..<3 {
                    let sum = tap(sx, sy, c) * w00 + tap(sx + 1, sy, c) * w01
                        + tap(sx, sy + 1, c) * w10 + tap(sx + 1, sy + 1, c) * w11
                    out[(y * outputWidth + x) * 3 + c] = UInt8(min(max((sum + 16384) >> 15, 0), 255))
                }
            }
        }
        return out
    }

    /// `cv::warpAffine(src, dst, T, size, INTER_LINEAR | WARP_INVERSE_MAP, BORDER_CONSTANT, 0)` for a
    /// float32 single-channel image; `affine` is the 2×3 map (destination pixel → source position),
    /// row-major, converted to double as OpenCV does.
    ///
    /// Per destination pixel: `X = (round((T01·y + T02)·1024) + 16 + round(T00·x·1024)) >> 5` (and Y
    /// alike), source pixel `X >> 5`, fraction `(X & 31)/32`, float weights `(1−fx)(1−fy)` etc., taps
    /// outside the image read 0, and the sum `p00·w00 + p01·w01 + p10·w10 + p11·w11` in float.
    package static func warpAffine(_ source: FloatImage, affine: [Float], outputWidth: Int, outputHeight: Int) -> [Float] {
        let t = affine.map(Double.init)
        var out = [Float](repeating: 0, count: outputWidth * outputHeight)
        func tap(_ x: Int, _ y: Int) -> Float {
            x < 0 || y < 0 || x >= source.width || y >= source.height ? 0 : source.values[y * source.width + x]
        }
        for y in 0..<outputHeight {
            let rowX = openCVRound((t[1] * Double(y) + t[2]) * 1024) &+ 16
            let rowY = openCVRound((t[4] * Double(y) + t[5]) * 1024) &+ 16
            for x in 0..<outputWidth {
                let xi = (rowX &+ openCVRound(t[0] * Double(x) * 1024)) >> 5
                let yi = (rowY &+ openCVRound(t[3] * Double(x) * 1024)) >> 5
                let sx = Int(saturateInt16(xi >> 5)), sy = Int(saturateInt16(yi >> 5))
                let fx = Float(xi & 31) * (1 / Float(32)), fy = Float(yi & 31) * (1 / Float(32))
                let w00 = (1 - fy) * (1 - fx), w01 = (1 - fy) * fx, w10 = fy * (1 - fx), w11 = fy * fx
                var value = tap(sx, sy) * w00
                value += tap(sx + 1, sy) * w01
                value += tap(sx, sy + 1) * w10
                value += tap(sx + 1, sy + 1) * w11
                out[y * outputWidth + x] = value
            }
        }
        return out
    }
}

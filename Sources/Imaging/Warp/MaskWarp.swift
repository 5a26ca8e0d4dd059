extension FloatImage {
    /// Warps this image into a `width`×`height` image with OpenCV 4.x's float `warpAffine`
    /// (`INTER_LINEAR | WARP_INVERSE_MAP`, `BORDER_CONSTANT` 0): `inverseMap` is the row-major 2×3
    /// affine map from output pixel indices `(x, y)` (no half-pixel offset) to source positions.
    /// Positions are quantized to 1/32 pixel in fixed point (10 fractional bits, then 5), weights are
    /// float, taps outside read 0. Bit-identical to OpenCV (docs/pipeline.md §6.6).
    public func warpedAffine(inverseMap: [Float], width outputWidth: Int, height outputHeight: Int,
                             limits: ImageLimits = .default) throws(ImageError) -> FloatImage {
        try limits.check(width: outputWidth, height: outputHeight)
        var out = [Float](repeating: 0, count: outputWidth * outputHeight)
        try out.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) in
            try warpAffine(inverseMap: inverseMap, into: buffer, width: outputWidth, height: outputHeight)
        }
        return FloatImage(uncheckedWidth: outputWidth, height: outputHeight, values: out)
    }

    /// ``warpedAffine(inverseMap:width:height:limits:)`` into `destination`, which holds
    /// `width`×`height` values, row-major, and must be zero-filled: pixels whose four taps all fall
    /// outside the source are left as they are.
    public func warpAffine(inverseMap: [Float], into destination: UnsafeMutableBufferPointer<Float>,
                           width outputWidth: Int, height outputHeight: Int) throws(ImageError) {
        guard inverseMap.count == 6 else { throw .invalidArgument("a 2×3 affine map has 6 coefficients") }
        guard outputWidth > 0, outputHeight > 0, destination.count == outputWidth * outputHeight else {
            throw .bufferTooSmall("\(destination.count) values for a \(outputWidth)×\(outputHeight) mask")
        }
        let t = inverseMap.map(Double.init)
        let w = width, h = height
        // Per-column terms, as OpenCV's adelta/bdelta tables: x then y for each output column.
        var columns = [Int32](repeating: 0, count: 2 * outputWidth)
        for x in 0..<outputWidth {
            columns[2 * x] = openCVRound(t[0] * Double(x) * 1024)
            columns[2 * x + 1] = openCVRound(t[3] * Double(x) * 1024)
        }
        values.withUnsafeBufferPointer { source in
            columns.withUnsafeBufferPointer { columns in
                for y in 0..<outputHeight {
                    let rowX = openCVRound((t[1] * Double(y) + t[2]) * 1024) &+ 16
                    let rowY = openCVRound((t[4] * Double(y) + t[5]) * 1024) &+ 16
                    for x in 0..<outputWidth {
                        let xi = (rowX &+ columns[2 &* x]) &>> 5, yi = (rowY &+ columns[2 &* x &+ 1]) &>> 5
                        let sx = Int(saturateInt16(xi &>> 5)), sy = Int(saturateInt16(yi &>> 5))
                        // All four taps outside: the output keeps its 0.
                        if sx < -1 || sy < -1 || sx >= w || sy >= h { continue }
                        // OpenCV's float weight table: i/32 for the 1/32-pixel fraction i.
                        let fx = Float(xi & 31) * (1 / Float(32)), fy = Float(yi & 31) * (1 / Float(32))
                        let w00 = (1 - fy) * (1 - fx), w01 = (1 - fy) * fx, w10 = fy * (1 - fx), w11 = fy * fx
                        let p00, p01, p10, p11: Float
                        if sx >= 0, sy >= 0, sx < w - 1, sy < h - 1 {
                            let i = sy &* w &+ sx
                            p00 = source[i]; p01 = source[i &+ 1]; p10 = source[i &+ w]; p11 = source[i &+ w &+ 1]
                        } else {
                            func tap(_ x: Int, _ y: Int) -> Float { x >= 0 && y >= 0 && x < w && y < h ? source[y * w + x] : 0 }
                            p00 = tap(sx, sy); p01 = tap(sx + 1, sy); p10 = tap(sx, sy + 1); p11 = tap(sx + 1, sy + 1)
                        }
                        var value = p00 * w00
                        value += p01 * w01
                        value += p10 * w10
                        value += p11 * w11
                        destination[y &* outputWidth &+ x] = value
                    }
                }
            }
        }
    }

    /// Maps a `maskWidth`×`maskHeight` model output (e.g. the pose segmentation mask, in tensor space)
    /// back onto the `crop`'s source image, as MediaPipe does (docs/pipeline.md §6.6): with
    /// `T = diag(maskW, maskH, 1, 1) · inverse(tensorToImage) · diag(1/W, 1/H, 1, 1)` in float32 and
    /// ``warpedAffine(inverseMap:width:height:limits:)``. The result has the image's size and is 0
    /// outside the ROI. The 4×4 inverse uses the matrix's affine structure; it may differ from Eigen's
    /// general inverse in the last bit, the warp itself is OpenCV-exact for a given `T`.
    public func warpedBack(from crop: TensorCrop) throws(ImageError) -> FloatImage {
        try warpedAffine(inverseMap: FloatImage.maskInverseMap(crop: crop, maskWidth: width, maskHeight: height),
                         width: crop.imageWidth, height: crop.imageHeight)
    }

    /// ``warpedBack(from:)`` into `destination`: `crop.imageWidth × crop.imageHeight` values,
    /// zero-filled (see ``warpAffine(inverseMap:into:width:height:)``).
    public func warpBack(from crop: TensorCrop, into destination: UnsafeMutableBufferPointer<Float>) throws(ImageError) {
        try warpAffine(inverseMap: FloatImage.maskInverseMap(crop: crop, maskWidth: width, maskHeight: height),
                       into: destination, width: crop.imageWidth, height: crop.imageHeight)
    }

    /// The 2×3 map `T` of ``warpedBack(from:)``.
    package static func maskInverseMap(crop: TensorCrop, maskWidth: Int, maskHeight: Int) -> [Float] {
        let m = crop.tensorToImage.rowMajor
        let det = m[0] * m[5] - m[1] * m[4]
        let i00 = m[5] / det, i01 = -m[1] / det, i10 = -m[4] / det, i11 = m[0] / det
        let i03 = -(i00 * m[3] + i01 * m[7]), i13 = -(i10 * m[3] + i11 * m[7])
        let sx = Float(maskWidth), sy = Float(maskHeight)
        let gx = 1 / Float(crop.imageWidth), gy = 1 / Float(crop.imageHeight)
        return [sx * i00 * gx, sx * i01 * gy, sx * i03, sy * i10 * gx, sy * i11 * gy, sy * i13]
    }

    init(uncheckedWidth width: Int, height: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.values = values
    }
}

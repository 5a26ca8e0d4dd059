import CPixelKernels

extension FloatImage {
    /// Warps this image into a `width`×`height` image with OpenCV 4.x's float `warpAffine`
    /// (`INTER_LINEAR | WARP_INVERSE_MAP`, `BORDER_CONSTANT` 0): `inverseMap` is the row-major 2×3
    /// affine map from output pixel indices `(x, y)` (no half-pixel offset) to source positions.
    /// Positions are quantized to 1/32 pixel in fixed point (10 fractional bits, then 5), weights are
    /// float, taps outside read 0. Bit-identical to OpenCV (docs/pipeline.md §6.6).
    public func warpedAffine(inverseMap: [Float], width outputWidth: Int, height outputHeight: Int,
                             limits: ImageLimits = .default, parallel: ParallelLoop = .serial) throws(ImageError) -> FloatImage {
        try limits.check(width: outputWidth, height: outputHeight)
        var out = [Float](repeating: 0, count: outputWidth * outputHeight)
        try out.withUnsafeMutableBufferPointer { (buffer) throws(ImageError) in
            try warpAffine(inverseMap: inverseMap, into: buffer, width: outputWidth, height: outputHeight, parallel: parallel)
        }
        return FloatImage(uncheckedWidth: outputWidth, height: outputHeight, values: out)
    }

    /// ``warpedAffine(inverseMap:width:height:limits:parallel:)`` into `destination`, which holds
    /// the values of the output pixels in `box` (columns and rows of the `width`×`height` output;
    /// nil: all of them), row-major, and must be zero-filled: pixels whose four taps all fall
    /// outside the source are left as they are. A pixel's value does not depend on the box.
    /// `parallel` may split the rows among threads; the values are the same either way.
    public func warpAffine(inverseMap: [Float], into destination: UnsafeMutableBufferPointer<Float>,
                           width outputWidth: Int, height outputHeight: Int, box: PixelRanges? = nil,
                           parallel: ParallelLoop = .serial) throws(ImageError) {
        guard inverseMap.count == 6 else { throw .invalidArgument("a 2×3 affine map has 6 coefficients") }
        guard outputWidth > 0, outputHeight > 0, outputWidth <= Int32.max, outputHeight <= Int32.max else {
            throw .invalidArgument("a \(outputWidth)×\(outputHeight) mask")
        }
        let (xs, ys) = box ?? (0..<outputWidth, 0..<outputHeight)
        guard xs.clamped(to: 0..<outputWidth) == xs, ys.clamped(to: 0..<outputHeight) == ys, !xs.isEmpty, !ys.isEmpty else {
            throw .invalidArgument("the box \(xs) × \(ys) is not inside a \(outputWidth)×\(outputHeight) mask")
        }
        guard destination.count == xs.count * ys.count else {
            throw .bufferTooSmall("\(destination.count) values for \(xs.count)×\(ys.count) pixels")
        }
        let t = inverseMap.map(Double.init)
        // OpenCV's adelta/bdelta tables per output column, and its per-row terms; the C kernel
        // does the rest with them (CPixelKernels.h).
        let columnX = xs.map { openCVRound(t[0] * Double($0) * 1024) }
        let columnY = xs.map { openCVRound(t[3] * Double($0) * 1024) }
        let rowX = ys.map { openCVRound((t[1] * Double($0) + t[2]) * 1024) &+ 16 }
        let rowY = ys.map { openCVRound((t[4] * Double($0) + t[5]) * 1024) &+ 16 }
        values.withUnsafeBufferPointer { source in
            columnX.withUnsafeBufferPointer { columnX in
                columnY.withUnsafeBufferPointer { columnY in
                    rowX.withUnsafeBufferPointer { rowX in
                        rowY.withUnsafeBufferPointer { rowY in
                            let warp = vt_mask_warp(source: source.baseAddress, source_width: Int32(width),
                                                    source_height: Int32(height),
                                                    column_x: columnX.baseAddress, column_y: columnY.baseAddress,
                                                    row_x: rowX.baseAddress, row_y: rowY.baseAddress,
                                                    width: Int32(xs.count), height: Int32(ys.count),
                                                    out: destination.baseAddress)
                            // Bands of at least 64 rows: a small mask stays on the calling thread.
                            let rows = ys.count
                            let bands = min(parallel.pieces, max(1, rows / 64))
                            withUnsafePointer(to: warp) { warp in
                                parallel.run(bands) { band in
                                    vt_mask_warp_affine(warp, Int32(rows * band / bands), Int32(rows * (band + 1) / bands))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Maps a `maskWidth`×`maskHeight` model output (e.g. the pose segmentation mask, in tensor space)
    /// back onto the `crop`'s source image, as MediaPipe does (docs/pipeline.md §6.6): with
    /// `T = diag(maskW, maskH, 1, 1) · inverse(tensorToImage) · diag(1/W, 1/H, 1, 1)` in float32 and
    /// ``warpedAffine(inverseMap:width:height:limits:parallel:)``. The result has the image's size and is 0
    /// outside the ROI. The 4×4 inverse uses the matrix's affine structure; it may differ from Eigen's
    /// general inverse in the last bit, the warp itself is OpenCV-exact for a given `T`.
    public func warpedBack(from crop: TensorCrop, parallel: ParallelLoop = .serial) throws(ImageError) -> FloatImage {
        try warpedAffine(inverseMap: FloatImage.maskInverseMap(crop: crop, maskWidth: width, maskHeight: height),
                         width: crop.imageWidth, height: crop.imageHeight, parallel: parallel)
    }

    /// ``warpedBack(from:parallel:)`` into `destination`: the values of the image pixels in `box`
    /// (nil: all `crop.imageWidth × crop.imageHeight`), row-major, zero-filled (see
    /// ``warpAffine(inverseMap:into:width:height:box:parallel:)``).
    public func warpBack(from crop: TensorCrop, into destination: UnsafeMutableBufferPointer<Float>, box: PixelRanges? = nil,
                         parallel: ParallelLoop = .serial) throws(ImageError) {
        try warpAffine(inverseMap: FloatImage.maskInverseMap(crop: crop, maskWidth: width, maskHeight: height),
                       into: destination, width: crop.imageWidth, height: crop.imageHeight, box: box, parallel: parallel)
    }

    /// The image pixels that ``warpedBack(from:parallel:)`` can make `cut` or more, or with `cut` 0
    /// other than 0: every pixel outside this box is below `cut` (is 0 with `cut` 0). The box is
    /// the image of the part of this mask that holds such values (``sourceBox(reaching:)``), a
    /// little larger, against the positions' rounding. Nil when no pixel can be: the ROI misses the
    /// image, or every value of the mask is below `cut`.
    public func warpBackReach(from crop: TensorCrop, ignoringBelow cut: Float = 0) -> PixelRanges? {
        guard let sourceBox = sourceBox(reaching: cut) else { return nil }
        return FloatImage.affineWarpReach(inverseMap: FloatImage.maskInverseMap(crop: crop, maskWidth: width, maskHeight: height),
                                          sourceWidth: width, sourceHeight: height, sourceBox: sourceBox,
                                          width: crop.imageWidth, height: crop.imageHeight)
    }

    /// The smallest box of this image's pixels outside which every value is below `cut` less a
    /// margin (or, with `cut` 0, is 0); nil when there is no such value. A bilinear blend of four
    /// values below `cut · (1 − 10⁻⁵)` stays below `cut`: its weights are positive and sum to 1,
    /// and its four roundings add far less than that margin. NaN counts as a value in the box.
    func sourceBox(reaching cut: Float) -> PixelRanges? {
        let floor = cut * (1 - 1e-5)
        var top = height, bottom = -1, left = width, right = -1
        let reaches: (Float) -> Bool = cut == 0 ? { $0 != 0 } : { !($0 < floor) }
        values.withUnsafeBufferPointer { values in
            for y in 0..<height {
                let row = values[y * width..<(y + 1) * width]
                guard let first = row.firstIndex(where: reaches) else { continue }
                let last = row.lastIndex(where: reaches)!
                top = min(top, y)
                bottom = y
                left = min(left, first - y * width)
                right = max(right, last - y * width)
            }
        }
        guard bottom >= 0 else { return nil }
        return (left..<right + 1, top..<bottom + 1)
    }

    /// The output pixels of a `width`×`height` warp by `inverseMap` of a `sourceWidth`×`sourceHeight`
    /// source whose taps can reach `sourceBox` of it (nil: none): the output positions of the box's
    /// corners widened by one source pixel beyond its edges (a pixel's taps reach one pixel out)
    /// and half a pixel more, then by one output pixel on every side, clipped to the output. The
    /// whole output when the map cannot be inverted, or when positions in 1/1024 pixel leave the
    /// 32-bit range somewhere in the output (OpenCV's arithmetic then wraps).
    package static func affineWarpReach(inverseMap t: [Float], sourceWidth: Int, sourceHeight: Int,
                                        sourceBox: PixelRanges? = nil, width: Int, height: Int) -> PixelRanges? {
        let whole: PixelRanges = (0..<width, 0..<height)
        let m = t.map(Double.init)
        let det = m[0] * m[4] - m[1] * m[3]
        guard det.isFinite, abs(det) > 1e-12 else { return whole }
        let far = [(0.0, 0.0), (Double(width), 0), (0, Double(height)), (Double(width), Double(height))].contains { x, y in
            max(abs(m[0] * x + m[1] * y + m[2]), abs(m[3] * x + m[4] * y + m[5])) * 1024 > 0x3FFF_FFFF
        }
        guard !far else { return whole }
        // Source (sx, sy) comes from output (x, y) = A⁻¹ · (sx − m2, sy − m5).
        func output(_ sx: Double, _ sy: Double) -> (x: Double, y: Double) {
            let u = sx - m[2], v = sy - m[5]
            return ((m[4] * u - m[1] * v) / det, (m[0] * v - m[3] * u) / det)
        }
        let (xs, ys) = sourceBox ?? (0..<sourceWidth, 0..<sourceHeight)
        let left = Double(xs.lowerBound) - 1.5, top = Double(ys.lowerBound) - 1.5
        let right = Double(xs.upperBound) + 0.5, bottom = Double(ys.upperBound) + 0.5
        let corners = [output(left, top), output(right, top), output(left, bottom), output(right, bottom)]
        let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
        let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return whole }
        let x0 = max(0, min(Double(width), (minX - 1).rounded(.down))), x1 = max(0, min(Double(width), (maxX + 2).rounded(.up)))
        let y0 = max(0, min(Double(height), (minY - 1).rounded(.down))), y1 = max(0, min(Double(height), (maxY + 2).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return nil }
        return (Int(x0)..<Int(x1), Int(y0)..<Int(y1))
    }

    /// The 2×3 map `T` of ``warpedBack(from:parallel:)``.
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

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
    /// `width`×`height` values, row-major, and must be zero-filled: pixels whose four taps all fall
    /// outside the source are left as they are. `parallel` may split the rows among threads; the
    /// values are the same either way.
    public func warpAffine(inverseMap: [Float], into destination: UnsafeMutableBufferPointer<Float>,
                           width outputWidth: Int, height outputHeight: Int,
                           parallel: ParallelLoop = .serial) throws(ImageError) {
        guard inverseMap.count == 6 else { throw .invalidArgument("a 2×3 affine map has 6 coefficients") }
        guard outputWidth > 0, outputHeight > 0, outputWidth <= Int32.max, outputHeight <= Int32.max,
              destination.count == outputWidth * outputHeight else {
            throw .bufferTooSmall("\(destination.count) values for a \(outputWidth)×\(outputHeight) mask")
        }
        let t = inverseMap.map(Double.init)
        // OpenCV's adelta/bdelta tables per output column, and its per-row terms; the C kernel
        // does the rest with them (CPixelKernels.h).
        let columnX = (0..<outputWidth).map { openCVRound(t[0] * Double($0) * 1024) }
        let columnY = (0..<outputWidth).map { openCVRound(t[3] * Double($0) * 1024) }
        let rowX = (0..<outputHeight).map { openCVRound((t[1] * Double($0) + t[2]) * 1024) &+ 16 }
        let rowY = (0..<outputHeight).map { openCVRound((t[4] * Double($0) + t[5]) * 1024) &+ 16 }
        values.withUnsafeBufferPointer { source in
            columnX.withUnsafeBufferPointer { columnX in
                columnY.withUnsafeBufferPointer { columnY in
                    rowX.withUnsafeBufferPointer { rowX in
                        rowY.withUnsafeBufferPointer { rowY in
                            let warp = vt_mask_warp(source: source.baseAddress, source_width: Int32(width),
                                                    source_height: Int32(height),
                                                    column_x: columnX.baseAddress, column_y: columnY.baseAddress,
                                                    row_x: rowX.baseAddress, row_y: rowY.baseAddress,
                                                    width: Int32(outputWidth), height: Int32(outputHeight),
                                                    out: destination.baseAddress)
                            // Bands of at least 64 rows: a small mask stays on the calling thread.
                            let bands = min(parallel.pieces, max(1, outputHeight / 64))
                            withUnsafePointer(to: warp) { warp in
                                parallel.run(bands) { band in
                                    vt_mask_warp_affine(warp, Int32(outputHeight * band / bands),
                                                        Int32(outputHeight * (band + 1) / bands))
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

    /// ``warpedBack(from:parallel:)`` into `destination`: `crop.imageWidth × crop.imageHeight` values,
    /// zero-filled (see ``warpAffine(inverseMap:into:width:height:parallel:)``).
    public func warpBack(from crop: TensorCrop, into destination: UnsafeMutableBufferPointer<Float>,
                         parallel: ParallelLoop = .serial) throws(ImageError) {
        try warpAffine(inverseMap: FloatImage.maskInverseMap(crop: crop, maskWidth: width, maskHeight: height),
                       into: destination, width: crop.imageWidth, height: crop.imageHeight, parallel: parallel)
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

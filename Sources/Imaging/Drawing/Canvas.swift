/// Blends a shape's ``CoverageMap`` in one colour into the pixels of an ``Image``: RGB8, RGBA8,
/// BGRA8, or one of the YUV 4:2:0 formats (I420, NV12, NV21), the formats drawing supports.
///
/// A pixel covered by a fraction `c` (0…1) of a shape drawn with opacity `α` becomes
/// `round(old·(1 − a) + colour·a)` with `a = c·α/255` (in 16-bit fixed point); the alpha channel of
/// RGBA/BGRA becomes `round(old + (255 − old)·a)` (source-over). In YUV images the colour is first
/// converted to Y, U, V in the image's ``Image/yuvColorSpace``; each luma sample
/// is blended with its pixel's coverage and each chroma sample with the mean coverage of the 2×2
/// pixels it belongs to.
enum Canvas {
    /// Throws unless `image` has a format drawing supports.
    static func check(_ image: Image) throws(ImageError) {
        switch image.format {
        case .rgb8, .rgba8, .bgra8, .i420, .nv12, .nv21: break
        case .gray8: throw .invalidArgument("drawing needs an rgb8, rgba8, bgra8 or YUV 4:2:0 image, not \(image.format)")
        }
    }

    /// Blends `color` into `image` where `coverage` says, only within `box` (columns, rows) if given;
    /// a YUV image by ``ReferenceDrawing`` if `reference` (for the tests of the C kernel).
    static func blend(_ coverage: CoverageMap, color: Color, into image: inout Image,
                      within box: (xs: Range<Int>, ys: Range<Int>)? = nil, reference: Bool = false) throws(ImageError) {
        try check(image)
        var xs = coverage.xs.clamped(to: 0..<image.width), ys = coverage.ys.clamped(to: 0..<image.height)
        if let box {
            xs = xs.clamped(to: box.xs)
            ys = ys.clamped(to: box.ys)
        }
        guard !xs.isEmpty, !ys.isEmpty, color.alpha > 0 else { return }
        let weights = Weights(alpha: color.alpha)
        switch image.format {
        case .rgb8, .rgba8, .bgra8:
            blendInterleaved(coverage, xs: xs, ys: ys, color: color, weights: weights, into: &image)
        case .i420, .nv12, .nv21:
            if reference {
                ReferenceDrawing.blendYUV(coverage, xs: xs, ys: ys, color: color, weights: weights, into: &image)
            } else {
                blendYUV(coverage, xs: xs, ys: ys, color: color, weights: weights, into: &image)
            }
        case .gray8:
            return
        }
    }

    /// Coverage → 16-bit fixed-point blend weight for one colour's opacity.
    struct Weights {
        /// `α/255 · 65536`.
        let scale: Float

        init(alpha: UInt8) { scale = Float(alpha) / 255 * 65536 }

        /// The weight `a · 65536` (0…65536) for coverage `c`; 0 when no channel could change
        /// (`a · 255 < 0.5`, so `|a·(new − old)|` rounds back to old) or for NaN.
        @inline(__always)
        func weight(_ c: Float) -> Int32 {
            guard c > 0 else { return 0 }
            let a = min(c, 1) * scale
            guard a * 255 >= 32768 else { return 0 }
            return Int32(a + 0.5)
        }
    }

    /// `round(old·(1 − k/65536) + new·k/65536)`.
    @inline(__always)
    static func mix(_ old: UInt8, _ new: Int32, _ k: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: (Int32(old) &* (65536 &- k) &+ new &* k &+ 32768) >> 16)
    }

    private static func blendInterleaved(_ coverage: CoverageMap, xs: Range<Int>, ys: Range<Int>, color: Color,
                                         weights: Weights, into image: inout Image) {
        let bytesPerPixel = image.format.bytesPerPixel
        let redOffset = image.format == .bgra8 ? 2 : 0
        let hasAlpha = image.format != .rgb8
        let red = Int32(color.red), green = Int32(color.green), blue = Int32(color.blue)
        let rowStride = image.planes[0].rowStride
        let mapWidth = coverage.xs.count
        coverage.values.withUnsafeBufferPointer { values in
            image.planes[0].bytes.withUnsafeMutableBufferPointer { bytes in
                for y in ys {
                    let mapRow = (y - coverage.ys.lowerBound) * mapWidth - coverage.xs.lowerBound
                    let row = y * rowStride
                    for x in xs {
                        let k = weights.weight(values[mapRow + x])
                        guard k > 0 else { continue }
                        let i = row + x * bytesPerPixel
                        bytes[i + redOffset] = mix(bytes[i + redOffset], red, k)
                        bytes[i + 1] = mix(bytes[i + 1], green, k)
                        bytes[i + 2 - redOffset] = mix(bytes[i + 2 - redOffset], blue, k)
                        if hasAlpha { bytes[i + 3] = mix(bytes[i + 3], 255, k) }
                    }
                }
            }
        }
    }

    /// The pixels `x` in `0..<limit` whose centres `x + 0.5` lie in `[from, to]` (finite values);
    /// without calls to the C library's rounding, for use per row of a shape.
    @inline(__always)
    static func pixelCentres(from: Float, to: Float, limit: Int) -> Range<Int> {
        let low = max(from - 0.5, -1), high = min(to - 0.5, Float(limit))
        guard low <= high else { return 0..<0 }
        var first = Int(low), last = Int(high)  // truncated toward zero, then corrected to ceil / floor
        if Float(first) < low { first += 1 }
        if Float(last) > high { last -= 1 }
        first = max(first, 0)
        last = min(last, limit - 1)
        return first <= last ? first..<last + 1 : 0..<0
    }

    /// The integer pixel range `[lower, upper)` that a span `[from, to]` in pixel coordinates touches,
    /// clipped to `0..<limit`; empty for non-finite input.
    static func pixelRange(from: Float, to: Float, limit: Int) -> Range<Int> {
        guard from.isFinite, to.isFinite else { return 0..<0 }
        let lower = max(0, min(Float(limit), (from - 1).rounded(.down)))
        let upper = max(0, min(Float(limit), (to + 1).rounded(.up)))
        return Int(lower)..<max(Int(lower), Int(upper))
    }
}

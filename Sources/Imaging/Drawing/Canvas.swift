/// Blends a shape's ``CoverageMap`` in one colour into the pixels of an ``Image``: RGB8, RGBA8,
/// BGRA8, or one of the YUV 4:2:0 formats (I420, NV12, NV21), the formats drawing supports.
///
/// A pixel covered by a fraction `c` (0…1) of a shape drawn with opacity `α` becomes
/// `round(old·(1 − a) + colour·a)` with `a = c·α/255` (in 16-bit fixed point); the alpha channel of
/// RGBA/BGRA becomes `round(old + (255 − old)·a)` (source-over). In YUV images the colour is first
/// converted to BT.601 video-range Y, U, V (the Imaging module's YUV convention); each luma sample
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

    /// Blends `color` into `image` where `coverage` says, only within `box` (columns, rows) if given.
    static func blend(_ coverage: CoverageMap, color: Color, into image: inout Image,
                      within box: (xs: Range<Int>, ys: Range<Int>)? = nil) throws(ImageError) {
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
            blendYUV(coverage, xs: xs, ys: ys, color: color, weights: weights, into: &image)
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

    private static func blendYUV(_ coverage: CoverageMap, xs: Range<Int>, ys: Range<Int>, color: Color,
                                 weights: Weights, into image: inout Image) {
        let r = Int32(color.red), g = Int32(color.green), b = Int32(color.blue)
        let luma = Int32(YUV.luma(r: r, g: g, b: b))
        let (u, v) = YUV.chroma(r: r, g: g, b: b)
        let mapWidth = coverage.xs.count
        let width = image.width, height = image.height
        coverage.values.withUnsafeBufferPointer { values in
            // Luma: one sample per pixel.
            let lumaStride = image.planes[0].rowStride
            image.planes[0].bytes.withUnsafeMutableBufferPointer { bytes in
                for y in ys {
                    let mapRow = (y - coverage.ys.lowerBound) * mapWidth - coverage.xs.lowerBound
                    let row = y * lumaStride
                    for x in xs {
                        let k = weights.weight(values[mapRow + x])
                        if k > 0 { bytes[row + x] = mix(bytes[row + x], luma, k) }
                    }
                }
            }
            // Chroma: one sample per 2×2 block, blended with the block's mean coverage.
            /// The mean coverage of the block at (bx, by) (pixels outside the map count as 0).
            func blockCoverage(_ bx: Int, _ by: Int) -> Float {
                var sum: Float = 0
                var pixels = 0
                for y in 2 * by..<min(2 * by + 2, height) {
                    for x in 2 * bx..<min(2 * bx + 2, width) {
                        pixels += 1
                        guard ys.contains(y), xs.contains(x) else { continue }
                        let c = values[(y - coverage.ys.lowerBound) * mapWidth + x - coverage.xs.lowerBound]
                        if c > 0 { sum += min(c, 1) }
                    }
                }
                return sum / Float(max(pixels, 1))
            }
            let blockXs = xs.lowerBound / 2..<(xs.upperBound + 1) / 2
            let blockYs = ys.lowerBound / 2..<(ys.upperBound + 1) / 2
            if image.format == .i420 {
                // Moved out of the image while blended, so each plane is written in place.
                var uPlane = image.planes[1].bytes, vPlane = image.planes[2].bytes
                image.planes[1].bytes = []
                image.planes[2].bytes = []
                let uStride = image.planes[1].rowStride, vStride = image.planes[2].rowStride
                uPlane.withUnsafeMutableBufferPointer { uBytes in
                    vPlane.withUnsafeMutableBufferPointer { vBytes in
                        for by in blockYs {
                            for bx in blockXs {
                                let k = weights.weight(blockCoverage(bx, by))
                                guard k > 0 else { continue }
                                let ui = by * uStride + bx, vi = by * vStride + bx
                                uBytes[ui] = mix(uBytes[ui], Int32(u), k)
                                vBytes[vi] = mix(vBytes[vi], Int32(v), k)
                            }
                        }
                    }
                }
                image.planes[1].bytes = uPlane
                image.planes[2].bytes = vPlane
            } else {
                let stride = image.planes[1].rowStride
                let (first, second) = image.format == .nv12 ? (Int32(u), Int32(v)) : (Int32(v), Int32(u))
                image.planes[1].bytes.withUnsafeMutableBufferPointer { bytes in
                    for by in blockYs {
                        for bx in blockXs {
                            let k = weights.weight(blockCoverage(bx, by))
                            guard k > 0 else { continue }
                            let i = by * stride + 2 * bx
                            bytes[i] = mix(bytes[i], first, k)
                            bytes[i + 1] = mix(bytes[i + 1], second, k)
                        }
                    }
                }
            }
        }
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

/// How much of each pixel of a box a shape covers: row-major values in 0…1 for the pixels
/// `xs × ys` (values above 1 count as 1; zero, negative and NaN as uncovered).
struct CoverageMap {
    let xs: Range<Int>
    let ys: Range<Int>
    var values: [Float]

    /// An empty (all-zero) map of the box `xs × ys`.
    init(xs: Range<Int>, ys: Range<Int>) {
        self.xs = xs
        self.ys = ys
        values = [Float](repeating: 0, count: xs.count * ys.count)
    }

    /// The map of the box `xs × ys` with these `values` (`xs.count × ys.count` of them).
    init(xs: Range<Int>, ys: Range<Int>, values: [Float]) {
        precondition(values.count == xs.count * ys.count, "a coverage map needs one value per pixel")
        self.xs = xs
        self.ys = ys
        self.values = values
    }
}

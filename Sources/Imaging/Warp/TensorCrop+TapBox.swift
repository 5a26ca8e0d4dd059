extension TensorCrop {
    /// The picture's pixels this crop's bilinear taps can read: the box around the source
    /// positions of the tensor's four corner pixels, 2 pixels wider on every side, clamped into
    /// the picture but never empty (a crop reaching past an edge keeps that edge's pixels, which
    /// a replicated border repeats). `nil` when the box cannot be bounded this way: a map that is
    /// not finite or whose denominator changes sign over the tensor, positions beyond ±2^24 px, or
    /// a picture wider or taller than 32767 pixels (OpenCV's int16 positions).
    ///
    /// The corners bound every pixel: the map is projective with a denominator of one sign, so
    /// the tensor's rectangle maps to a convex quadrilateral. The warp rounds positions to 1/32 px
    /// and takes the taps at the position's column and the next, so a tap lies within 1 px (and a
    /// rounding) of the corners' hull; 2 px leave room for the difference between the block-wise
    /// arithmetic of ``PerspectiveWarpKernel`` and the plain one here.
    package var tapBox: PixelRanges? {
        guard imageWidth <= 32767, imageHeight <= 32767 else { return nil }
        let m = tensorToImagePixels.m
        let right = Double(options.width - 1), bottom = Double(options.height - 1)
        var lowX = Double.infinity, highX = -Double.infinity, lowY = Double.infinity, highY = -Double.infinity
        var positiveDenominators = 0
        for (u, v) in [(0, 0), (right, 0), (0, bottom), (right, bottom)] {
            let w = m[6] * u + m[7] * v + m[8]
            let x = (m[0] * u + m[1] * v + m[2]) / w, y = (m[3] * u + m[4] * v + m[5]) / w
            guard w != 0, abs(x) < 16_777_216, abs(y) < 16_777_216 else { return nil }  // NaN fails too
            if w > 0 { positiveDenominators += 1 }
            (lowX, highX) = (min(lowX, x), max(highX, x))
            (lowY, highY) = (min(lowY, y), max(highY, y))
        }
        guard positiveDenominators == 0 || positiveDenominators == 4 else { return nil }
        func pixels(_ low: Double, _ high: Double, count: Int) -> Range<Int> {
            let first = min(max(Int(low.rounded(.down)) - 2, 0), count - 1)
            return first..<min(max(Int(high.rounded(.down)) + 3, first + 1), count)
        }
        return (pixels(lowX, highX, count: imageWidth), pixels(lowY, highY, count: imageHeight))
    }

    /// Whether `region` (an ``RGBConverting`` answer) is an RGB8 rectangle of `image` holding
    /// every pixel of `box`.
    static func region(_ region: (image: Image, x: Int, y: Int), covers box: PixelRanges, of image: Image) -> Bool {
        region.image.format == .rgb8 && region.x >= 0 && region.y >= 0 && region.x <= box.xs.lowerBound
            && region.y <= box.ys.lowerBound && region.x + region.image.width >= box.xs.upperBound
            && region.y + region.image.height >= box.ys.upperBound && region.x + region.image.width <= image.width
            && region.y + region.image.height <= image.height
    }
}

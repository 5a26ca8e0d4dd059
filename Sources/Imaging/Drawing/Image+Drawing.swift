/// Overlay drawing on RGB8, RGBA8, BGRA8 and YUV 4:2:0 (I420, NV12, NV21) images, in pixel coordinates (``PixelPoint``): the
/// building blocks of the face, pose and ML Kit overlays. In YUV images colours are blended as Y,
/// U, V in the image's ``Image/yuvColorSpace``, chroma with the mean coverage of each 2×2 block (see ``Canvas``), so
/// a video frame can be drawn on as decoded and encoded without RGB conversions. Other formats throw
/// ``ImageError/invalidArgument(_:)``. Shapes partly or wholly outside the image are clipped; non-finite
/// coordinates draw nothing.
///
/// With `antialiased`, a pixel is covered by the fraction of its centre's distance that falls inside
/// the shape's edge (a 1-pixel linear ramp); without it, a pixel is covered fully when its centre
/// is inside, otherwise not at all.
extension Image {
    /// A filled disc of `radius` pixels centred on `center`.
    public mutating func drawPoint(_ center: PixelPoint, radius: Float, color: Color, antialiased: Bool = true) throws(ImageError) {
        try drawSegments([(center, center)], thickness: 2 * radius, color: color, antialiased: antialiased)
    }

    /// A straight line of `thickness` pixels with round caps.
    public mutating func drawLine(from start: PixelPoint, to end: PixelPoint, thickness: Float = 1, color: Color,
                                  antialiased: Bool = true) throws(ImageError) {
        try drawSegments([(start, end)], thickness: thickness, color: color, antialiased: antialiased)
    }

    /// Separate straight segments of `thickness` pixels with round caps, blended once as one shape:
    /// where segments cross, a translucent colour is not applied twice. Much cheaper than one
    /// ``drawLine(from:to:thickness:color:antialiased:)`` per segment for a mesh of thousands.
    public mutating func drawLines(_ segments: [(from: PixelPoint, to: PixelPoint)], thickness: Float = 1, color: Color,
                                   antialiased: Bool = true) throws(ImageError) {
        guard !segments.isEmpty else { return }
        try drawSegments(segments.map { ($0.from, $0.to) }, thickness: thickness, color: color, antialiased: antialiased)
    }

    /// Connected line segments through `points` (closed back to the first point when `closed`). Joints
    /// are blended once, so translucent polylines have no darker overlaps.
    public mutating func drawPolyline(_ points: [PixelPoint], closed: Bool = false, thickness: Float = 1, color: Color,
                                      antialiased: Bool = true) throws(ImageError) {
        guard points.count > 1 else {
            if let point = points.first { try drawPoint(point, radius: thickness / 2, color: color, antialiased: antialiased) }
            return
        }
        var segments = zip(points, points.dropFirst()).map { ($0, $1) }
        if closed, points.count > 2, let first = points.first, let last = points.last { segments.append((last, first)) }
        try drawSegments(segments, thickness: thickness, color: color, antialiased: antialiased)
    }

    /// The outline (`thickness` pixels, centred on the edges) or, when `filled`, the inside of `rect`.
    public mutating func drawRectangle(_ rect: PixelRect, thickness: Float = 1, filled: Bool = false, color: Color,
                                       antialiased: Bool = true) throws(ImageError) {
        let corners = [PixelPoint(x: rect.x, y: rect.y), PixelPoint(x: rect.x + rect.width, y: rect.y),
                       PixelPoint(x: rect.x + rect.width, y: rect.y + rect.height), PixelPoint(x: rect.x, y: rect.y + rect.height)]
        guard filled else {
            try drawPolyline(corners, closed: true, thickness: thickness, color: color, antialiased: antialiased)
            return
        }
        try Canvas.check(self)
        let left = min(rect.x, rect.x + rect.width), right = max(rect.x, rect.x + rect.width)
        let top = min(rect.y, rect.y + rect.height), bottom = max(rect.y, rect.y + rect.height)
        let xs = Canvas.pixelRange(from: left, to: right, limit: width), ys = Canvas.pixelRange(from: top, to: bottom, limit: height)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        var coverage = CoverageMap(xs: xs, ys: ys)
        var index = 0
        for y in ys {
            let cy = Float(y) + 0.5
            let coverY = antialiased ? min(max(min(cy - top, bottom - cy) + 0.5, 0), 1) : (cy >= top && cy < bottom ? 1 : 0)
            for x in xs {
                let cx = Float(x) + 0.5
                let coverX = antialiased ? min(max(min(cx - left, right - cx) + 0.5, 0), 1) : (cx >= left && cx < right ? 1 : 0)
                coverage.values[index] = coverX * coverY
                index += 1
            }
        }
        try Canvas.blend(coverage, color: color, into: &self)
    }

    /// Tints the pixels where `mask` (same size as the image, values in [0, 1]) is set: each pixel is
    /// blended with `color` at opacity `mask · color.alpha/255`. With a `threshold`, the mask is
    /// binarized first (`mask ≥ threshold` → 1, else 0). NaN counts as 0.
    public mutating func fillMask(_ mask: FloatImage, color: Color, threshold: Float? = nil) throws(ImageError) {
        try checkFillsImage(mask)
        try fillMask(mask, at: (0, 0), color: color, threshold: threshold, reference: false)
    }

    /// The smallest mask value at which ``fillMask(_:color:threshold:)`` without a threshold can
    /// change a pixel with `color` (a little lower than exact, against rounding): a smaller value's
    /// blend weight is 0, so a mask's values need only be known where they reach this. Infinity
    /// for a transparent colour.
    public static func smallestTintingMaskValue(color: Color) -> Float {
        32768 / (Canvas.Weights(alpha: color.alpha).scale * 255) * 0.999
    }

    /// ``fillMask(_:color:threshold:)`` with a mask that covers part of the image: its pixel (0, 0)
    /// lies on the image's pixel `origin`, and the image's pixels outside it count as 0 (as if the
    /// mask were the image's size and 0 there). The mask must lie inside the image.
    public mutating func fillMask(_ mask: FloatImage, at origin: (x: Int, y: Int), color: Color,
                                  threshold: Float? = nil) throws(ImageError) {
        try fillMask(mask, at: origin, color: color, threshold: threshold, reference: false)
    }

    /// ``fillMask(_:color:threshold:)`` with YUV images blended by ``ReferenceDrawing``, the plain
    /// twin of the C kernel (for its tests).
    package mutating func referenceFillMask(_ mask: FloatImage, color: Color, threshold: Float? = nil) throws(ImageError) {
        try checkFillsImage(mask)
        try fillMask(mask, at: (0, 0), color: color, threshold: threshold, reference: true)
    }

    private func checkFillsImage(_ mask: FloatImage) throws(ImageError) {
        guard mask.width == width, mask.height == height else {
            throw .invalidArgument("mask is \(mask.width)×\(mask.height), image is \(width)×\(height)")
        }
    }

    private mutating func fillMask(_ mask: FloatImage, at origin: (x: Int, y: Int), color: Color, threshold: Float?,
                                   reference: Bool) throws(ImageError) {
        try Canvas.check(self)
        guard origin.x >= 0, origin.y >= 0, mask.width <= width - origin.x, mask.height <= height - origin.y else {
            throw .invalidArgument("a \(mask.width)×\(mask.height) mask at (\(origin.x), \(origin.y)) is not inside a "
                                   + "\(width)×\(height) image")
        }
        // Only the box around the values that can change a pixel is blended: masks are mostly empty.
        guard Canvas.Weights(alpha: color.alpha).weight(1) > 0 else { return }
        let cut = threshold ?? Self.smallestTintingMaskValue(color: color)
        guard let found = Self.boundingBox(of: mask, from: cut) else { return }
        let box = (xs: found.xs.lowerBound + origin.x..<found.xs.upperBound + origin.x,
                   ys: found.ys.lowerBound + origin.y..<found.ys.upperBound + origin.y)
        let coverage: CoverageMap
        if let threshold {
            var values = [Float](repeating: 0, count: found.xs.count * found.ys.count)
            mask.values.withUnsafeBufferPointer { source in
                var index = 0
                for y in found.ys {
                    for x in found.xs {
                        values[index] = source[y * mask.width + x] >= threshold ? 1 : 0
                        index += 1
                    }
                }
            }
            coverage = CoverageMap(xs: box.xs, ys: box.ys, values: values)
        } else {
            coverage = CoverageMap(xs: origin.x..<origin.x + mask.width, ys: origin.y..<origin.y + mask.height,
                                   values: mask.values)
        }
        try Canvas.blend(coverage, color: color, into: &self, within: box, reference: reference)
    }

    /// The smallest box (columns, rows) holding every value of `mask` that is at least `cut`.
    private static func boundingBox(of mask: FloatImage, from cut: Float) -> (xs: Range<Int>, ys: Range<Int>)? {
        var top = mask.height, bottom = -1, left = mask.width, right = -1
        mask.values.withUnsafeBufferPointer { values in
            for y in 0..<mask.height {
                let row = y * mask.width
                // The first and last such values of the row; the columns already in the box between
                // them need no look.
                let first = Self.firstIndex(in: values, from: row, to: row + mask.width, atLeast: cut) - row
                guard first < mask.width else { continue }
                var last = mask.width - 1
                while last > max(first, right), !(values[row + last] >= cut) { last -= 1 }
                top = min(top, y)
                bottom = y
                left = min(left, first)
                right = max(right, last)
            }
        }
        guard bottom >= 0 else { return nil }
        return (left..<right + 1, top..<bottom + 1)
    }

    /// The first index in `start ..< end` whose value is at least `cut`, or `end` (NaN never is):
    /// eight values a step, then one by one.
    private static func firstIndex(in values: UnsafeBufferPointer<Float>, from start: Int, to end: Int, atLeast cut: Float) -> Int {
        guard let base = values.baseAddress else { return end }
        var index = start
        let raw = UnsafeRawPointer(base)
        while index + 8 <= end {
            let eight = raw.loadUnaligned(fromByteOffset: index * MemoryLayout<Float>.stride, as: SIMD8<Float>.self)
            if any(eight .>= cut) { break }
            index += 8
        }
        while index < end, !(values[index] >= cut) { index += 1 }
        return index
    }

    /// Blends the union of thick segments: each pixel takes the largest coverage of any segment.
    private mutating func drawSegments(_ segments: [(PixelPoint, PixelPoint)], thickness: Float, color: Color,
                                       antialiased: Bool) throws(ImageError) {
        try Canvas.check(self)
        guard thickness.isFinite, thickness > 0 else {
            throw .invalidArgument("thickness must be positive, got \(thickness)")
        }
        let half = thickness / 2
        let finite = segments.filter { $0.0.x.isFinite && $0.0.y.isFinite && $0.1.x.isFinite && $0.1.y.isFinite }
        guard !finite.isEmpty else { return }
        let xs = Canvas.pixelRange(from: finite.map { min($0.0.x, $0.1.x) }.min()! - half,
                                   to: finite.map { max($0.0.x, $0.1.x) }.max()! + half, limit: width)
        let ys = Canvas.pixelRange(from: finite.map { min($0.0.y, $0.1.y) }.min()! - half,
                                   to: finite.map { max($0.0.y, $0.1.y) }.max()! + half, limit: height)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        var coverage = CoverageMap(xs: xs, ys: ys)
        // A pixel centre farther than `reach` from the segment is not covered at all.
        let reach = antialiased ? half + 0.5 : half
        let reachSquared = reach * reach
        let mapWidth = xs.count
        coverage.values.withUnsafeMutableBufferPointer { values in
            for (a, b) in finite {
                let segmentYs = Canvas.pixelCentres(from: min(a.y, b.y) - reach, to: max(a.y, b.y) + reach, limit: height)
                    .clamped(to: ys)
                let dx = b.x - a.x, dy = b.y - a.y
                let lengthSquared = dx * dx + dy * dy
                let inverseLengthSquared = lengthSquared > 0 ? 1 / lengthSquared : 0
                let inverseDy = dy != 0 ? 1 / dy : 0, dxOverDy = dx * inverseDy
                // Half the width of the band within `reach` of the segment's line, along a row.
                let bandHalfWidth = reach * lengthSquared.squareRoot() * abs(inverseDy)
                for y in segmentYs {
                    let py = Float(y) + 0.5 - a.y
                    // Only the pixels within `reach` of the part of the segment whose y is within
                    // `reach` of this row can be covered.
                    var low: Float = 0, high: Float = 1
                    if dy != 0 {
                        let t1 = (py - reach) * inverseDy, t2 = (py + reach) * inverseDy
                        low = max(min(t1, t2), 0)
                        high = min(max(t1, t2), 1)
                        guard low <= high else { continue }
                    } else if abs(py) > reach {
                        continue
                    }
                    var left = a.x + min(low * dx, high * dx) - reach, right = a.x + max(low * dx, high * dx) + reach
                    if dy != 0 {
                        // Also within `reach` of the line through the segment.
                        let centre = a.x + py * dxOverDy
                        left = max(left, centre - bandHalfWidth)
                        right = min(right, centre + bandHalfWidth)
                    }
                    let rowXs = Canvas.pixelCentres(from: left, to: right, limit: width).clamped(to: xs)
                    let row = (y - ys.lowerBound) * mapWidth - xs.lowerBound
                    let pyDy = py * dy
                    for x in rowXs {
                        let px = Float(x) + 0.5 - a.x
                        // The closest point of the segment is a + t·(b − a).
                        let t = min(max((px * dx + pyDy) * inverseLengthSquared, 0), 1)
                        let ex = px - t * dx, ey = py - t * dy
                        let distanceSquared = ex * ex + ey * ey
                        // Branch-free: beyond `reach` the cover is 0 and leaves the map as it is.
                        let cover: Float = antialiased
                            ? min(max(half + 0.5 - distanceSquared.squareRoot(), 0), 1)
                            : (distanceSquared <= reachSquared ? 1 : 0)
                        values[row &+ x] = max(values[row &+ x], cover)
                    }
                }
            }
        }
        try Canvas.blend(coverage, color: color, into: &self)
    }
}

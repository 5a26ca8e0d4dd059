/// Overlay drawing on RGB8, RGBA8 and BGRA8 images, in pixel coordinates (``PixelPoint``): the
/// building blocks of the face, pose and ML Kit overlays. Other formats throw
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
        let canvas = try Canvas(for: self)
        let left = min(rect.x, rect.x + rect.width), right = max(rect.x, rect.x + rect.width)
        let top = min(rect.y, rect.y + rect.height), bottom = max(rect.y, rect.y + rect.height)
        let xs = Canvas.pixelRange(from: left, to: right, limit: width), ys = Canvas.pixelRange(from: top, to: bottom, limit: height)
        for y in ys {
            let cy = Float(y) + 0.5
            let coverY = antialiased ? min(max(min(cy - top, bottom - cy) + 0.5, 0), 1) : (cy >= top && cy < bottom ? 1 : 0)
            guard coverY > 0 else { continue }
            for x in xs {
                let cx = Float(x) + 0.5
                let coverX = antialiased ? min(max(min(cx - left, right - cx) + 0.5, 0), 1) : (cx >= left && cx < right ? 1 : 0)
                canvas.blend(&planes[0].bytes, x: x, y: y, color: color, coverage: coverX * coverY)
            }
        }
    }

    /// Tints the pixels where `mask` (same size as the image, values in [0, 1]) is set: each pixel is
    /// blended with `color` at opacity `mask · color.alpha/255`. With a `threshold`, the mask is
    /// binarized first (`mask ≥ threshold` → 1, else 0). NaN counts as 0.
    public mutating func fillMask(_ mask: FloatImage, color: Color, threshold: Float? = nil) throws(ImageError) {
        let canvas = try Canvas(for: self)
        guard mask.width == width, mask.height == height else {
            throw .invalidArgument("mask is \(mask.width)×\(mask.height), image is \(width)×\(height)")
        }
        for y in 0..<height {
            for x in 0..<width {
                let value = mask.values[y * width + x]
                guard !value.isNaN else { continue }
                let coverage: Float = threshold.map { value >= $0 ? 1 : 0 } ?? min(max(value, 0), 1)
                canvas.blend(&planes[0].bytes, x: x, y: y, color: color, coverage: coverage)
            }
        }
    }

    /// Blends the union of thick segments: each pixel takes the largest coverage of any segment.
    private mutating func drawSegments(_ segments: [(PixelPoint, PixelPoint)], thickness: Float, color: Color,
                                       antialiased: Bool) throws(ImageError) {
        let canvas = try Canvas(for: self)
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
        var coverage = [Float](repeating: 0, count: xs.count * ys.count)
        for (a, b) in finite {
            let segmentXs = Canvas.pixelRange(from: min(a.x, b.x) - half, to: max(a.x, b.x) + half, limit: width)
            let segmentYs = Canvas.pixelRange(from: min(a.y, b.y) - half, to: max(a.y, b.y) + half, limit: height)
            let dx = b.x - a.x, dy = b.y - a.y
            let lengthSquared = dx * dx + dy * dy
            for y in segmentYs {
                let py = Float(y) + 0.5
                for x in segmentXs {
                    let px = Float(x) + 0.5
                    var t: Float = 0
                    if lengthSquared > 0 { t = min(max(((px - a.x) * dx + (py - a.y) * dy) / lengthSquared, 0), 1) }
                    let ex = px - (a.x + t * dx), ey = py - (a.y + t * dy)
                    let distance = (ex * ex + ey * ey).squareRoot()
                    let cover: Float = antialiased ? min(max(half + 0.5 - distance, 0), 1) : (distance <= half ? 1 : 0)
                    let index = (y - ys.lowerBound) * xs.count + (x - xs.lowerBound)
                    coverage[index] = max(coverage[index], cover)
                }
            }
        }
        for y in ys {
            for x in xs {
                canvas.blend(&planes[0].bytes, x: x, y: y, color: color,
                             coverage: coverage[(y - ys.lowerBound) * xs.count + (x - xs.lowerBound)])
            }
        }
    }
}

import Imaging

/// Sizes and colours of the overlays, after MediaPipe's and ML Kit's iOS sample apps.
///
/// The apps draw in screen points on a phone-sized view; here one point becomes ``unit`` pixels,
/// which grows with the picture (1 pixel up to 400 pixels on the short side), so overlays look
/// alike on small and large pictures.
struct OverlayStyle {
    /// Pixels per sample-app point.
    let unit: Float

    init(width: Int, height: Int) {
        unit = max(1, Float(min(width, height)) / 400)
    }

    /// The point at normalized coordinates of a `width × height` picture.
    static func pixel(_ point: (x: Float, y: Float), width: Int, height: Int) -> PixelPoint {
        PixelPoint(normalizedX: point.x, normalizedY: point.y, imageWidth: width, imageHeight: height)
    }

    // MARK: MediaPipe samples

    /// The MediaPipe samples' line colour (face oval, pose skeleton, face-detector keypoints).
    static let mediaPipeTeal = Color(red: 0, green: 127, blue: 139)
    /// Landmark dots: red fill…
    static let dotFill = Color(red: 255, green: 0, blue: 0)
    /// …with a yellow stroke.
    static let dotStroke = Color(red: 255, green: 255, blue: 0)
    /// Face-detector boxes, one colour per detection in turn.
    static let detectionPalette: [Color] = [
        Color(red: 255, green: 0, blue: 0), Color(red: 90, green: 200, blue: 250), Color(red: 0, green: 200, blue: 0),
        Color(red: 255, green: 149, blue: 0), Color(red: 175, green: 82, blue: 222), Color(red: 255, green: 204, blue: 0),
    ]

    /// Draws a landmark dot: `radius` points of red with a one-point yellow stroke.
    func drawDot(_ center: PixelPoint, radius: Float = 2, on image: inout Image) throws {
        try image.drawPoint(center, radius: (radius + 1) * unit, color: Self.dotStroke)
        try image.drawPoint(center, radius: radius * unit, color: Self.dotFill)
    }

    /// Draws the lines `connections` (index pairs) between `points` as one shape, skipping indices
    /// out of range.
    func drawConnections(_ connections: [(Int, Int)], points: [PixelPoint], width: Float, color: Color,
                         on image: inout Image) throws {
        let segments = connections.compactMap { start, end in
            start < points.count && end < points.count ? (from: points[start], to: points[end]) : nil
        }
        try image.drawLines(segments, thickness: width * unit, color: color)
    }
}

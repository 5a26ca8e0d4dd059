import Imaging

/// Short upper-case labels drawn as strokes (lines on a 4×6 grid per letter), for the few words
/// the overlays write: the hand landmarker's "LEFT" and "RIGHT". Letters without a glyph are left
/// as spaces.
enum StrokeLabel {
    /// Each letter's strokes as polylines of grid points (x right 0…4, y down 0…6).
    private static let glyphs: [Character: [[(Float, Float)]]] = [
        "L": [[(0, 0), (0, 6), (4, 6)]],
        "E": [[(4, 0), (0, 0), (0, 6), (4, 6)], [(0, 3), (3, 3)]],
        "F": [[(4, 0), (0, 0), (0, 6)], [(0, 3), (3, 3)]],
        "T": [[(0, 0), (4, 0)], [(2, 0), (2, 6)]],
        "R": [[(0, 6), (0, 0), (3, 0), (4, 1), (4, 2), (3, 3), (0, 3)], [(2, 3), (4, 6)]],
        "I": [[(1, 0), (3, 0)], [(2, 0), (2, 6)], [(1, 6), (3, 6)]],
        "G": [[(4, 1), (3, 0), (1, 0), (0, 1), (0, 5), (1, 6), (3, 6), (4, 5), (4, 3), (2, 3)]],
        "H": [[(0, 0), (0, 6)], [(4, 0), (4, 6)], [(0, 3), (4, 3)]],
    ]

    /// Draws `text` with its top-left corner at `origin`, each grid step `scale` pixels, in
    /// `color` over a dark outline so that it reads on any picture.
    static func draw(_ text: String, at origin: PixelPoint, scale: Float, color: Color, on image: inout Image) throws {
        var segments: [(from: PixelPoint, to: PixelPoint)] = []
        for (index, letter) in text.uppercased().enumerated() {
            let left = origin.x + Float(index) * 6 * scale
            for stroke in glyphs[letter] ?? [] {
                let points = stroke.map { PixelPoint(x: left + $0.0 * scale, y: origin.y + $0.1 * scale) }
                segments += zip(points, points.dropFirst()).map { (from: $0, to: $1) }
            }
        }
        try image.drawLines(segments, thickness: scale * 1.6, color: Color(red: 0, green: 0, blue: 0, alpha: 180))
        try image.drawLines(segments, thickness: scale * 0.8, color: color)
    }
}

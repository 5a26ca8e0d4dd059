import Imaging
import Testing

/// ``YUVColorSpace``: BT.601 and BT.709 in video and full range, for conversions to RGB, drawing
/// and format conversions. (BT.601 video range against OpenCV: ``YUVGoldenTests``.)
@Suite("YUV colour spaces")
struct YUVColorSpaceTests {
    static let spaces: [YUVColorSpace] = [.bt601VideoRange, .bt709VideoRange, .bt601FullRange, .bt709FullRange]

    /// R, G, B from Y, U, V by the standard equations, in floating point.
    static func standardRGB(y: Int, u: Int, v: Int, in space: YUVColorSpace) -> [Double] {
        let (kr, kb) = space.matrix == .bt709 ? (0.2126, 0.0722) : (0.299, 0.114)
        let kg = 1 - kr - kb
        let luma = space.isFullRange ? Double(y) : (Double(y) - 16) * 255 / 219
        let scale = space.isFullRange ? 1.0 : 255.0 / 224
        let cb = (Double(u) - 128) * scale, cr = (Double(v) - 128) * scale
        let r = luma + 2 * (1 - kr) * cr, b = luma + 2 * (1 - kb) * cb
        let g = (luma - kr * r - kb * b) / kg
        return [r, g, b].map { min(max($0, 0), 255) }
    }

    /// A 2×2 I420 image of one Y, U, V sample in `space`.
    static func sample(y: UInt8, u: UInt8, v: UInt8, in space: YUVColorSpace) throws -> Image {
        var image = try Image(width: 2, height: 2, format: .i420, planes: [
            ImagePlane(bytes: [y, y, y, y], rowStride: 2), ImagePlane(bytes: [u], rowStride: 1), ImagePlane(bytes: [v], rowStride: 1),
        ])
        image.yuvColorSpace = space
        return image
    }

    @Test("to RGB: the standard equations of each space, within 1 level", arguments: spaces)
    func decodesByTheStandardEquations(space: YUVColorSpace) throws {
        var worst = 0.0
        for y in stride(from: 0, through: 255, by: 17) {
            for u in stride(from: 0, through: 255, by: 15) {
                for v in stride(from: 0, through: 255, by: 15) {
                    let rgb = try Self.sample(y: UInt8(y), u: UInt8(u), v: UInt8(v), in: space).converted(to: .rgb8).planes[0].bytes
                    let expected = Self.standardRGB(y: max(y, space.isFullRange ? 0 : 16), u: u, v: v, in: space)
                    for channel in 0..<3 { worst = max(worst, abs(Double(rgb[channel]) - expected[channel])) }
                }
            }
        }
        // The coefficients are rounded to 3 decimals (as OpenCV's BT.601 ones).
        #expect(worst <= 1.5, "\(space): worst difference \(worst)")
    }

    @Test("from RGB and back: within the rounding of 8-bit YUV", arguments: spaces)
    func drawingColoursRoundTrip(space: YUVColorSpace) throws {
        // Drawing is where RGB is converted into an image's own space: an opaque filled square.
        var worst = 0
        for (r, g, b) in [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0), (128, 64, 200), (30, 200, 90)] {
            var image = try Image(width: 8, height: 8, format: .i420, fill: 16)
            image.yuvColorSpace = space
            try image.drawRectangle(PixelRect(x: 0, y: 0, width: 8, height: 8), filled: true,
                                    color: Color(red: UInt8(r), green: UInt8(g), blue: UInt8(b)), antialiased: false)
            let back = try image.converted(to: .rgb8).planes[0].bytes
            for (channel, value) in [r, g, b].enumerated() { worst = max(worst, abs(Int(back[channel]) - value)) }
        }
        #expect(worst <= 3, "\(space): worst difference \(worst)")
    }

    @Test("pure green is Y 172 in BT.709 video range and 144 in BT.601; full range has no offset")
    func drawingUsesTheImagesMatrixAndRange() throws {
        func drawnLuma(_ space: YUVColorSpace) throws -> UInt8 {
            var image = try Image(width: 4, height: 4, format: .i420, fill: 16)
            image.yuvColorSpace = space
            try image.drawRectangle(PixelRect(x: 0, y: 0, width: 4, height: 4), filled: true, color: .green, antialiased: false)
            return image.planes[0].bytes[5]
        }
        // 16 + 219 · Kg: BT.709 Kg = 0.7152, BT.601 Kg = 0.587.
        #expect(try drawnLuma(.bt709VideoRange) == 172)
        #expect(try drawnLuma(.bt601VideoRange) == 144)
        #expect(try drawnLuma(.bt709FullRange) == 182)
        #expect(try drawnLuma(.bt601FullRange) == 149)
    }

    @Test("a copy in the same format keeps the colour space; RGB sources convert to BT.601 video range")
    func conversionsCarryTheSpace() throws {
        let rgb = try Image(width: 4, height: 4, format: .rgb8, fill: 90)
        var yuv = try rgb.converted(to: .i420)
        #expect(yuv.yuvColorSpace == .bt601VideoRange)
        yuv.yuvColorSpace = .bt709FullRange
        #expect(try yuv.converted(to: .i420).yuvColorSpace == .bt709FullRange)
        // Read in another space, the same samples are another colour.
        let asBT601 = try Self.sample(y: 100, u: 60, v: 200, in: .bt601VideoRange).converted(to: .rgb8).planes[0].bytes
        let asBT709 = try Self.sample(y: 100, u: 60, v: 200, in: .bt709VideoRange).converted(to: .rgb8).planes[0].bytes
        #expect(asBT601 != asBT709)
    }
}

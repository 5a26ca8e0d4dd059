import Imaging
import TestSupport
import Testing

/// YUV 4:2:0 → RGB equals OpenCV's cvtColor(COLOR_YUV2RGB_NV12 / NV21 / I420).
@Suite struct YUVGoldenTests {
    /// The procedural planes of the golden script.
    static func image(format: PixelFormat, width: Int, height: Int) throws -> Image {
        var y = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height { for x in 0..<width { y[row * width + x] = UInt8((x * 7 + row * 13) % 256) } }
        let cw = width / 2, ch = height / 2
        var u = [UInt8](repeating: 0, count: cw * ch), v = u
        for row in 0..<ch {
            for x in 0..<cw {
                u[row * cw + x] = UInt8((x * 11 + row * 5 + 40) % 256)
                v[row * cw + x] = UInt8((x * 3 + row * 17 + 90) % 256)
            }
        }
        switch format {
        case .i420:
            return try Image(width: width, height: height, format: .i420, planes: [
                ImagePlane(bytes: y, rowStride: width), ImagePlane(bytes: u, rowStride: cw), ImagePlane(bytes: v, rowStride: cw)])
        default:
            var chroma = [UInt8](repeating: 0, count: cw * ch * 2)
            for i in 0..<(cw * ch) {
                chroma[2 * i] = format == .nv12 ? u[i] : v[i]
                chroma[2 * i + 1] = format == .nv12 ? v[i] : u[i]
            }
            return try Image(width: width, height: height, format: format, planes: [
                ImagePlane(bytes: y, rowStride: width), ImagePlane(bytes: chroma, rowStride: width)])
        }
    }

    @Test(arguments: Goldens.shared.yuv.indices)
    func matchesOpenCV(index: Int) throws {
        let golden = Goldens.shared.yuv[index]
        let format = try #require(PixelFormat(rawValue: golden.format))
        let image = try Self.image(format: format, width: golden.width, height: golden.height)
        let rgb = image.rgbBytes()
        for sample in golden.samples {
            let i = (sample.y * golden.width + sample.x) * 3
            #expect(rgb[i..<i + 3].map(Int.init) == sample.rgb, "pixel (\(sample.x), \(sample.y))")
        }
        #expect(SHA256.hex(rgb) == golden.rgbSha256)
    }
}

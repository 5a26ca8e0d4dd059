import Imaging
import Testing
import VideoIO

/// libswscale converts YUV 4:2:0 rows to RGB in steps of 16 pixels; at other widths it wrote past
/// the rows of a tight buffer or left their last pixels unwritten. The reader converts into rows of
/// whole steps, so every pixel is converted and nothing is written past the image.
@Suite("RGB frames of videos whose width is not a multiple of 16")
struct RGBConversionWidthTests {
    /// libswscale's YUV → RGB for BT.601 video range (the writer's default), pixel by pixel: each
    /// sample times 8 less its offset, times a 16-bit coefficient, keeping the product's high 16
    /// bits. A test's own model of the library, checked here on every pixel of real frames.
    static func swscaleRGB(_ image: Image) -> [UInt8] {
        let (luma, u, v) = (image.planes[0], image.planes[1], image.planes[2])
        var rgb: [UInt8] = []
        rgb.reserveCapacity(image.width * image.height * 3)
        func byte(_ value: Int) -> UInt8 { UInt8(min(max(value, 0), 255)) }
        for row in 0..<image.height {
            for column in 0..<image.width {
                let y = Int(luma.bytes[row * luma.rowStride + column])
                let chroma = (row / 2, column / 2)
                let uc = Int(u.bytes[chroma.0 * u.rowStride + chroma.1]) * 8 - 1024
                let vc = Int(v.bytes[chroma.0 * v.rowStride + chroma.1]) * 8 - 1024
                let scaled = ((y * 8 - 128) * 9539) >> 16
                rgb += [byte(scaled + ((vc * 13075) >> 16)), byte(scaled + ((uc * -3209) >> 16) + ((vc * -6660) >> 16)),
                        byte(scaled + ((uc * 16525) >> 16))]
            }
        }
        return rgb
    }

    @Test("Every pixel converted as libswscale converts it, by the reader and deferred",
          arguments: [320, 326, 328, 330, 344])
    func everyPixelConverted(width: Int) throws {
        let folder = try ScratchFolder("rgb-width")
        defer { folder.remove() }
        let path = folder.path("source.mp4")
        try VideoFixtures.write(try VideoFixtures.movingCrops(count: 3, width: width, height: 240), to: path, fps: 25)
        let (_, frames) = try VideoFixtures.readAll(path, options: .init(keepsYUV: true))
        let (_, deferred) = try VideoFixtures.readAll(path, options: .init(keepsYUV: true, defersRGBConversion: true))
        try #require(frames.count == 3 && deferred.count == 3)
        for (frame, late) in zip(frames, deferred) {
            let yuv = try #require(frame.yuvImage)
            #expect(yuv.yuvColorSpace == .bt601VideoRange)
            let expected = Self.swscaleRGB(yuv)
            let differing = zip(frame.image.planes[0].bytes, expected).count { $0 != $1 }
            #expect(frame.image.width == width && differing == 0, "\(width): \(differing) bytes differ")
            #expect(try late.convertedToRGB().image == frame.image, "\(width): the deferred conversion")
        }
    }
}

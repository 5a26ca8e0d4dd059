import Imaging
import Testing
import VideoIO

/// The writer converts RGB pictures to the encoder's YUV in two slices, the last two rows from a
/// copy (swscale's RGB24 input reads past a row's end, and so past the picture's buffer on its
/// last row; docs/image-decoding.md §5). The slices must give one call's output: a picture whose
/// first two rows repeat as its last two encodes, losslessly, to the same luma there. (Chroma rows
/// are filtered across their neighbours, which differ at the top and the bottom.)
@Suite("RGB pictures' last rows into the encoder")
struct RGBInputRowsTests {
    @Test("The last two rows convert as the same rows at the top do", arguments: [(320, 240), (326, 120), (1080, 64)])
    func lastRowsConvertAsTheFirst(size: (width: Int, height: Int)) throws {
        try #require(VideoWriter.isH264Available, "lossless H.264 keeps the converted samples")
        let folder = try ScratchFolder("rgb-input-rows")
        defer { folder.remove() }
        let (width, height) = size
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for row in 0..<height {
            for column in 0..<width {
                let source = row >= height - 2 ? row - (height - 2) : row  // the last two rows repeat the first two
                let offset = (row * width + column) * 3
                bytes[offset] = UInt8((column * 7 + source * 91) & 255)
                bytes[offset + 1] = UInt8((column * 3 + source * 40 + 60) & 255)
                bytes[offset + 2] = UInt8((column * 13 + source * 17 + 120) & 255)
            }
        }
        let picture = try Image(width: width, height: height, format: .rgb8, bytes: bytes)
        let path = folder.path("rows.mp4")
        try VideoFixtures.write([picture], to: path, fps: 25, options: .init(constantQuantizer: 0))
        let (_, frames) = try VideoFixtures.readAll(path, options: .init(keepsYUV: true))
        let yuv = try #require(frames.first?.yuvImage)
        let luma = yuv.planes[0]
        func lumaRow(_ row: Int) -> ArraySlice<UInt8> { luma.bytes[row * luma.rowStride..<row * luma.rowStride + width] }
        #expect(lumaRow(0) == lumaRow(height - 2) && lumaRow(1) == lumaRow(height - 1))
        #expect(lumaRow(0) != lumaRow(2), "the rows differ, so the check can fail")
    }
}

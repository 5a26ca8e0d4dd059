import Foundation
import Imaging
import Testing
import TestSupport

/// PNG and JPEG encoding: lossless PNG round trips, close JPEG round trips, files on disk.
@Suite struct CodecRoundTripTests {
    @Test(arguments: [PixelFormat.gray8, .rgb8, .rgba8, .bgra8])
    func pngRoundTripIsLossless(format: PixelFormat) throws {
        var image = try TestImages.pattern(width: 33, height: 21).converted(to: format)
        if format == .rgba8 || format == .bgra8 {
            var bytes = image.planes[0].bytes
            for i in stride(from: 3, to: bytes.count, by: 4) { bytes[i] = UInt8(i % 256) }
            image = try Image(width: 33, height: 21, format: format, bytes: bytes)
        }
        let png = try image.pngData()
        #expect(ImageFileFormat(signatureOf: png) == .png)
        let decoded = try Image(decoding: png)
        switch format {
        case .bgra8:
            #expect(decoded.format == .rgba8)
            #expect(decoded.packedBytes() == (try image.converted(to: .rgba8).packedBytes()))
            #expect(try decoded.converted(to: .bgra8) == image, "BGRA → PNG → RGBA → BGRA keeps every byte")
        default:
            #expect(decoded.format == format)
            #expect(decoded.packedBytes() == image.packedBytes())
        }
    }

    @Test func pngOfAStridedImage() throws {
        let bytes = (0..<(10 * 16)).map { UInt8($0 % 251) }
        let image = try Image(width: 4, height: 10, format: .rgb8, bytes: bytes, rowStride: 16)
        let decoded = try Image(decoding: try image.pngData(compressionLevel: 9))
        #expect(decoded.packedBytes() == image.packedBytes())
        #expect(throws: ImageError.self) { try image.pngData(compressionLevel: 11) }
    }

    @Test(arguments: [PixelFormat.rgb8, .gray8, .nv12])
    func jpegRoundTripIsClose(format: PixelFormat) throws {
        let source = try TestImages.asset("astronaut.png")
        let image = try source.converted(to: format)
        let jpeg = try image.jpegData(quality: 92)
        #expect(ImageFileFormat(signatureOf: jpeg) == .jpeg)
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.orientation == .up && decoded.exifOrientation == nil)
        let expected = format == .gray8 ? image.packedBytes() : image.rgbBytes()
        let got = format == .gray8 ? decoded.image.packedBytes() : decoded.image.rgbBytes()
        #expect(decoded.image.format == (format == .gray8 ? .gray8 : .rgb8))
        #expect(got.count == expected.count)
        let squaredError = zip(got, expected).reduce(0.0) { $0 + pow(Double(Int($1.0) - Int($1.1)), 2) }
        let psnr = 10 * log10(255 * 255 / (squaredError / Double(got.count)))
        #expect(psnr > 30, "PSNR \(psnr) dB")
        #expect(throws: ImageError.self) { try image.jpegData(quality: 0) }
    }

    @Test func writesAndReadsFiles() throws {
        let directory = Assets.repositoryRoot.appendingPathComponent(".build/imaging-tests").path
        let image = try TestImages.pattern(width: 20, height: 12)
        try ByteFile.write([], to: directory + "/placeholder")
        try image.writePNG(toFile: directory + "/pattern.png")
        try image.writeJPEG(toFile: directory + "/pattern.jpg", quality: 95)
        #expect(try Image(contentsOfFile: directory + "/pattern.png") == image)
        let jpeg = try Image(contentsOfFile: directory + "/pattern.jpg")
        #expect(jpeg.width == 20 && jpeg.height == 12)
        #expect(throws: ImageError.self) { try image.writePNG(toFile: "/nonexistent-directory/x.png") }
    }

    @Test func maskToGrayImage() throws {
        let mask = try FloatImage(width: 3, height: 1, values: [0, 0.5, .nan])
        #expect(mask.grayImage().packedBytes() == [0, 128, 0])
    }
}

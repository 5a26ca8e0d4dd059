import Imaging
import TestSupport
import Testing

/// PNG and JPEG decoding equals what Pillow/OpenCV decode (scripts/golden/opencv_warp.py).
@Suite struct DecoderGoldenTests {
    @Test(arguments: Goldens.shared.decode.map(\.file))
    func decodesLikeTheReference(file: String) throws {
        let golden = try #require(Goldens.shared.decode.first { $0.file == file })
        let decoded = try ImageDecoder.decode(contentsOfFile: Goldens.path(file))
        #expect(decoded.fileFormat.rawValue == golden.kind)
        #expect(decoded.image.width == golden.width)
        #expect(decoded.image.height == golden.height)
        #expect(decoded.image.format.rawValue == golden.format)
        #expect(SHA256.hex(decoded.image.packedBytes()) == golden.sha256, "pixels differ from the reference decoder")
        if golden.kind == "jpeg" {
            let exif = golden.exifOrientation ?? 1
            #expect((decoded.exifOrientation ?? 1) == exif)
            #expect(decoded.orientation == Orientation(exifValue: exif))
        }
    }

    @Test func thereIsAGoldenForEveryPNGVariant() {
        let names = Set(Goldens.shared.decode.map { $0.file.split(separator: "/").last.map(String.init) ?? "" })
        for variant in ["gray1.png", "gray8.png", "gray16.png", "gray_alpha8.png", "gray_alpha16.png", "palette.png",
                        "palette_trns.png", "rgb8.png", "rgb16.png", "rgba8.png", "rgba16.png", "rgb8_interlaced.png",
                        "jpeg_gray.jpg", "jpeg_progressive.jpg", "jpeg_exif6.jpg", "jpeg444.jpg"] {
            #expect(names.contains(variant), "missing golden for \(variant)")
        }
    }

    @Test func exifOrientationSixIsRight() throws {
        let decoded = try ImageDecoder.decode(contentsOfFile: Goldens.path("Fixtures/images/jpeg_exif6.jpg"))
        #expect(decoded.exifOrientation == 6)
        #expect(decoded.orientation == .right)
    }
}

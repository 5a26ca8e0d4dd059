import Foundation
import Imaging
import MediaPipeTasksVision
import TestSupport
import Testing

/// `MPImage` and the `UIImage` stand-in: sizes as iOS reports them, EXIF orientation, scale,
/// loading errors.
@Suite struct MPImageTests {
    /// A temporary directory removed at the end of the test.
    private final class TemporaryDirectory {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("mpapi-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    }

    /// `jpeg` with an EXIF APP1 segment holding only the Orientation tag, inserted after SOI.
    private func addingEXIFOrientation(_ value: UInt16, to jpeg: [UInt8]) -> [UInt8] {
        var tiff: [UInt8] = Array("MM".utf8) + [0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]  // big-endian, IFD at 8
        tiff += [0x00, 0x01]                                      // one entry
        tiff += [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01]  // Orientation, SHORT, count 1
        tiff += [UInt8(value >> 8), UInt8(value & 0xFF), 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]                          // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = UInt16(payload.count + 2)
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg.prefix(2)) + segment + Array(jpeg.dropFirst(2))
    }

    @Test func uiImageSizeFollowsOrientationAndScale() throws {
        let pixels = try TestImages.gradient(width: 4, height: 3)
        let up = UIImage(pixels: pixels)
        #expect(up.size == CGSize(width: 4, height: 3) && up.scale == 1 && up.imageOrientation == .up)
        let right = UIImage(pixels: pixels, scale: 2, orientation: .right)
        #expect(right.size == CGSize(width: 1.5, height: 2), "display size in points, swapped for 90°")
        let image = try MPImage(uiImage: right)
        #expect(image.width == 3 && image.height == 4, "MPImage reports size × scale, as iOS")
        #expect(image.orientation == .right && image.imageSourceType == .image && image.image === right)
        let overridden = try MPImage(uiImage: right, orientation: .down)
        #expect(overridden.orientation == .down && overridden.width == 3, "size still from the UIImage")
        #expect(UIImage(pixels: pixels, scale: 0).scale == 1)
    }

    @Test func orientationIsUIKitsEnum() {
        let all: [UIImage.Orientation] = [.up, .down, .left, .right, .upMirrored, .downMirrored, .leftMirrored, .rightMirrored]
        #expect(all.map(\.rawValue) == Array(0...7), "UIImage.Orientation raw values")
    }

    @Test func imagingImagesOfAnyFormatAreAccepted() throws {
        let rgb = try TestImages.gradient(width: 6, height: 2)
        for format in [PixelFormat.rgba8, .bgra8, .gray8] {
            let converted = try rgb.converted(to: format)
            let image = try MPImage(image: converted, orientation: .leftMirrored)
            #expect(image.width == 2 && image.height == 6 && image.orientation == .leftMirrored)
            #expect(image.image?.pixels.format == format)
        }
    }

    @Test func filesKeepTheirEXIFOrientationAndScale() throws {
        let directory = try TemporaryDirectory()
        let pixels = try TestImages.gradient(width: 8, height: 6)
        let jpeg = addingEXIFOrientation(6, to: try pixels.jpegData(quality: 95))
        let jpegPath = directory.path("photo@2x.jpg")
        try Data(jpeg).write(to: URL(fileURLWithPath: jpegPath))

        let uiImage = try #require(UIImage(contentsOfFile: jpegPath))
        #expect(uiImage.imageOrientation == .right, "EXIF 6 is UIImage's .right")
        #expect(uiImage.scale == 2 && uiImage.size == CGSize(width: 3, height: 4))
        #expect(uiImage.pixels.width == 8 && uiImage.pixels.height == 6, "pixels stay as stored")

        let fromPath = try MPImage(contentsOfFile: jpegPath)
        #expect(fromPath.orientation == .right && fromPath.width == 6 && fromPath.height == 8)

        let pngPath = directory.path("plain.png")
        try pixels.writePNG(toFile: pngPath)
        let png = try #require(UIImage(contentsOfFile: pngPath))
        #expect(png.imageOrientation == .up && png.scale == 1 && png.size == CGSize(width: 8, height: 6))
        let data = try #require(UIImage(data: Data(jpeg)))
        #expect(data.imageOrientation == .right && data.scale == 1)
    }

    @Test func namedImagesAreFoundWithOrWithoutExtension() throws {
        let astronaut = Assets.image("astronaut.png").path
        #expect(UIImage(named: astronaut)?.size == CGSize(width: 512, height: 512), "absolute path")
        let directory = try TemporaryDirectory()
        try TestImages.gradient().writePNG(toFile: directory.path("icon.png"))
        let folders = ["/nonexistent-folder", directory.url.path]
        #expect(UIImage.locate(named: "icon", searchingIn: folders) == directory.path("icon.png"))
        #expect(UIImage.locate(named: "icon.png", searchingIn: folders) == directory.path("icon.png"))
        #expect(UIImage.locate(named: "missing", searchingIn: folders) == nil)
        #expect(UIImage(named: "no-such-image-anywhere") == nil && UIImage(named: "") == nil)
    }

    @Test func unreadableFilesFailClearly() throws {
        let directory = try TemporaryDirectory()
        #expect(UIImage(contentsOfFile: directory.path("none.png")) == nil)
        let missing = ThrownTaskError.from { _ = try MPImage(contentsOfFile: directory.path("none.png")) }
        #expect(missing?.code == 5 && missing?.domain == "com.google.mediapipe.tasks")
        let garbagePath = directory.path("garbage.png")
        try Data([1, 2, 3, 4, 5]).write(to: URL(fileURLWithPath: garbagePath))
        #expect(UIImage(contentsOfFile: garbagePath) == nil)
        let garbage = ThrownTaskError.from { _ = try MPImage(contentsOfFile: garbagePath) }
        #expect(garbage?.code == 3 && garbage?.message.contains("cannot be decoded") == true)
    }
}

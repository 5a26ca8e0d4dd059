import Foundation
import Imaging
import MediaPipeTasksVision
import Testing
import TestSupport

/// A JPEG whose EXIF orientation says "rotate 90° clockwise": the tool applies it, so results and
/// the overlay are in the upright picture's coordinates.
@Suite struct OrientedImageTests {
    /// `jpeg` with an EXIF APP1 segment holding only the orientation tag, right after SOI.
    private func withEXIFOrientation(_ value: UInt8, _ jpeg: [UInt8]) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // big-endian TIFF, IFD at 8
                             0x00, 0x01,  // one entry
                             0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, value, 0x00, 0x00,  // Orientation, SHORT
                             0x00, 0x00, 0x00, 0x00]  // no next IFD
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg.dropFirst(2))
    }

    @Test func exifRotatedJPEGGivesUprightResultsAndOverlay() throws {
        let astronaut = try CommandLineTool.uprightRGB("astronaut.png")
        let width = astronaut.width, height = 384
        let upright = try Image(width: width, height: height, format: .rgb8, bytes: Array(astronaut.packedBytes().prefix(width * height * 3)))
        let stored = try upright.oriented(.left)
        try #require(try stored.oriented(.right) == upright, "EXIF 6 (.right) turns the stored pixels upright")

        let folder = try CommandLineTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("rotated.jpg").path
        try Data(withEXIFOrientation(6, try stored.jpegData(quality: 95))).write(to: URL(fileURLWithPath: path))
        let overlay = folder.appendingPathComponent("rotated-boxes.png").path

        let run = try CommandLineTool.run(["face-detector", path, "--overlay", overlay])
        #expect(run.status == 0, "\(run.standardError)")
        let drawn = try Image(contentsOfFile: overlay)
        #expect(drawn.width == width && drawn.height == height, "the overlay is upright: \(drawn.width)×\(drawn.height)")

        let detector = try FaceDetector(modelPath: Assets.model("face_detection_short_range.tflite").path)
        let expected = try detector.detect(image: MPImage(image: CommandLineTool.uprightRGB(atPath: path)))
        let detections = try JSONCheck.array(try run.jsonObject()["detections"], "detections")
        try #require(detections.count == 1 && expected.detections.count == 1)
        let box = try JSONCheck.object((detections[0] as? [String: Any])?["boundingBox"], keys: ["x", "y", "width", "height"], "box")
        try JSONCheck.expectFloat(box["x"], equals: Float(expected.detections[0].boundingBox.origin.x), "box x")
        try JSONCheck.expectFloat(box["y"], equals: Float(expected.detections[0].boundingBox.origin.y), "box y")
        // The astronaut's face is in the upper middle of the upright picture (x ≈ 180–270, y ≈ 80–180).
        let centerX = try JSONCheck.float(box["x"], "x") + (try JSONCheck.float(box["width"], "width")) / 2
        let centerY = try JSONCheck.float(box["y"], "y") + (try JSONCheck.float(box["height"], "height")) / 2
        #expect((170...280).contains(centerX) && (70...190).contains(centerY), "face centre (\(centerX), \(centerY))")
    }
}

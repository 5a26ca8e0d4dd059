import Foundation
import Imaging
import Testing
import TestSupport
import VideoIO

/// Clips of different sizes joined into one MPEG-TS: every frame is processed at its own size, and
/// the overlay keeps the first size.
@Suite struct ResolutionChangeVideoTests {
    @Test func aResolutionChangeMidStreamIsFollowedWithAndWithoutAnOverlay() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("joined clips.ts").path
        let overlay = folder.appendingPathComponent("overlay.mp4").path
        let small = 40, large = 40
        try ClipFixtures.joinedTransportStream(at: video, clips: [
            try ClipFixtures.faceFrames(count: small, width: 320, height: 240),
            try ClipFixtures.faceFrames(count: large, width: 640, height: 360),
        ])

        let plain = try DriverTool.run(["face-detector", video])
        #expect(plain.status == 0, "\(plain.standardError)")
        let plainLines = try plain.lines()
        #expect(plainLines.count == small + large, "one line per frame of both parts")
        #expect(ClipFixtures.detections(plainLines).allSatisfy { $0 >= 1 }, "the face is found in both parts: \(ClipFixtures.detections(plainLines))")

        let drawn = try DriverTool.run(["face-detector", video, "--overlay", overlay])
        #expect(drawn.status == 0, "\(drawn.standardError)")
        let lines = try drawn.lines()
        #expect(lines.count == small + large, "one line per frame of both parts")
        let times = ClipFixtures.timestamps(lines)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "timestamps increase: \(times)")
        #expect(ClipFixtures.detections(lines) == ClipFixtures.detections(plainLines))

        // The overlay: every frame at the first part's size, the second part letterboxed into it
        // (640×360 scaled to 320×180 between black bands of 30 rows), the input's duration.
        let reader = try VideoReader(path: overlay)
        #expect(reader.info.width == 320 && reader.info.height == 240)
        var frames: [VideoFrame] = []
        while let frame = try reader.nextFrame() { frames.append(frame) }
        try #require(frames.count == small + large, "a playable overlay of every frame")
        #expect(ClipFixtures.brightness(frames[small / 2].image, rows: 0..<20) > 40, "no band in the first part")
        #expect(ClipFixtures.brightness(frames[small + large / 2].image, rows: 0..<26) < 8, "black band above the second part")
        #expect(ClipFixtures.brightness(frames[small + large / 2].image, rows: 214..<240) < 8, "black band below the second part")
        #expect(ClipFixtures.brightness(frames[small + large / 2].image, rows: 40..<200) > 40, "the picture between the bands")
        let last = try #require(frames.last).timestampMilliseconds
        #expect(abs(last - Double(small + large - 1) * 40) <= 80, "the overlay's last frame at \(last) ms")
    }
}

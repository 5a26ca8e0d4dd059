import Foundation
import Imaging
import Testing
import VideoIO

@Suite("VideoWriter → VideoReader round trips")
struct RoundTripTests {
    @Test("Default codec: frame count, 25 fps timestamps, size, pixels and order")
    func defaultCodec() throws {
        let folder = try ScratchFolder("roundtrip")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 15, width: 320, height: 240)
        let path = folder.path("clip.mp4")
        let writer = try VideoFixtures.write(images, to: path, fps: 25)
        #expect(writer.codec == (VideoWriter.isH264Available ? .h264 : .mpeg4))
        #expect(writer.frameCount == 15)
        #expect(try folder.contents() == ["clip.mp4"])  // the temporary file was renamed away

        let (reader, frames) = try VideoFixtures.readAll(path)
        #expect(reader.info.width == 320 && reader.info.height == 240)
        #expect(reader.info.codecName == (writer.codec == .h264 ? "h264" : "mpeg4"))
        #expect(reader.info.frameCount == 15)
        let fps = try #require(reader.info.framesPerSecond)
        #expect(abs(fps - 25) < 0.01)
        let duration = try #require(reader.info.durationMilliseconds)
        #expect(abs(duration - 600) <= 41)
        try #require(frames.count == 15)
        for (index, frame) in frames.enumerated() {
            #expect(frame.index == index)
            #expect(abs(frame.timestampMilliseconds - Double(index) * 40) <= 1, "frame \(index) at \(frame.timestampMilliseconds) ms")
            #expect(frame.image.width == 320 && frame.image.height == 240 && frame.image.format == .rgb8)
            let quality = VideoFixtures.psnr(frame.image, images[index])
            #expect(quality > 30, "frame \(index): PSNR \(quality) dB")
            if index == 7 { print("\(writer.codec) 320×240 frame 7: PSNR \(quality) dB") }
            // Each decoded frame matches its own input better than its neighbours (order, motion).
            for other in [index - 1, index + 1] where images.indices.contains(other) {
                #expect(VideoFixtures.psnr(frame.image, images[other]) < quality - 3)
            }
        }
        #expect(frames.first?.isKeyFrame == true)
        #expect(reader.skippedPacketCount == 0)
        #expect(try reader.nextFrame() == nil)  // stays at the end
    }

    @Test("MPEG-4 Part 2 fallback encodes and decodes")
    func mpeg4() throws {
        let folder = try ScratchFolder("mpeg4")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 8, width: 256, height: 192, dx: 10, dy: 8)
        let path = folder.path("clip.mp4")
        let writer = try VideoFixtures.write(images, to: path, fps: 30, options: .init(codec: .exactly(.mpeg4)))
        #expect(writer.codec == .mpeg4)
        let (reader, frames) = try VideoFixtures.readAll(path)
        #expect(reader.info.codecName == "mpeg4")
        try #require(frames.count == 8)
        for (index, frame) in frames.enumerated() {
            #expect(abs(frame.timestampMilliseconds - Double(index) * 1000 / 30) <= 1)
            let quality = VideoFixtures.psnr(frame.image, images[index])
            #expect(quality > 28, "frame \(index): PSNR \(quality) dB")
        }
    }

    @Test("Given timestamps (variable rate, late start) come back rebased to 0 or as written")
    func explicitTimestamps() throws {
        let folder = try ScratchFolder("timestamps")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 6, width: 160, height: 120)
        let timestamps: [Double] = [500, 533, 600, 640, 700, 1000]
        let path = folder.path("vfr.mp4")
        try VideoFixtures.write(images, to: path, fps: 30, timestamps: timestamps)

        let (_, rebased) = try VideoFixtures.readAll(path)
        try #require(rebased.count == 6)
        for (frame, expected) in zip(rebased, timestamps) {
            #expect(abs(frame.timestampMilliseconds - (expected - 500)) <= 1, "\(frame.timestampMilliseconds) vs \(expected - 500)")
        }
        let (_, raw) = try VideoFixtures.readAll(path, options: .init(rebasesTimestamps: false))
        try #require(raw.count == 6)
        for index in 1..<6 {
            let step = raw[index].timestampMilliseconds - raw[index - 1].timestampMilliseconds
            #expect(abs(step - (timestamps[index] - timestamps[index - 1])) <= 1)
        }
    }

    @Test("Odd frame sizes (321×241) keep their size")
    func oddSize() throws {
        let folder = try ScratchFolder("odd")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 5, width: 321, height: 241)
        let path = folder.path("odd.mp4")
        if VideoWriter.isH264Available {
            try VideoFixtures.write(images, to: path, fps: 24)
            let (reader, frames) = try VideoFixtures.readAll(path)
            #expect(reader.info.width == 321 && reader.info.height == 241)
            try #require(frames.count == 5)
            for (index, frame) in frames.enumerated() {
                #expect(frame.image.width == 321 && frame.image.height == 241)
                #expect(VideoFixtures.psnr(frame.image, images[index]) > 30)
            }
        } else {
            #expect(throws: VideoError.self) { try VideoFixtures.write(images, to: path, fps: 24) }
        }
        // MPEG-4 Part 2 refuses odd sizes with a typed error, and leaves nothing behind.
        #expect(throws: VideoError.self) {
            try VideoWriter(path: folder.path("odd-mpeg4.mp4"), width: 321, height: 241, framesPerSecond: 24,
                            options: .init(codec: .exactly(.mpeg4)))
        }
        #expect(!(try folder.contents()).contains { $0.hasPrefix(".odd-mpeg4") })
    }

    @Test("RGBA, BGRA and padded-stride RGB input is converted before encoding")
    func rgbaInputIsConverted() throws {
        let folder = try ScratchFolder("formats")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 3, width: 128, height: 96)
        let path = folder.path("rgba.mp4")
        let writer = try VideoWriter(path: path, width: 128, height: 96, framesPerSecond: 10)
        try writer.append(try images[0].converted(to: .rgba8))
        try writer.append(try images[1].converted(to: .bgra8))
        // RGB rows with 7 bytes of padding after each.
        let padded = images[2].packedBytes().chunks(of: 128 * 3).flatMap { $0 + [UInt8](repeating: 255, count: 7) }
        try writer.append(try Image(width: 128, height: 96, format: .rgb8, bytes: padded, rowStride: 128 * 3 + 7))
        try writer.finish()
        let (_, frames) = try VideoFixtures.readAll(path)
        try #require(frames.count == 3)
        for index in 0..<3 { #expect(VideoFixtures.psnr(frames[index].image, images[index]) > 30) }
    }
}

extension Array {
    /// Consecutive slices of `size` elements (the last may be shorter).
    fileprivate func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

import Foundation
import Imaging
import Testing
import VideoIO

/// ``VideoWriter/Options/fitsOtherSizes``: frames of another size are scaled into the video's size
/// with their aspect ratio kept, between black bands; without it they are rejected.
@Suite("Frames of another size: rejected, or fitted with their aspect ratio kept")
struct FrameFittingTests {
    /// A `width`×`height` RGB image of one colour.
    private static func plain(_ width: Int, _ height: Int, _ value: UInt8) throws -> Image {
        try Image(width: width, height: height, format: .rgb8, fill: value)
    }

    /// Mean of the RGB bytes of the rows `rows`.
    private static func mean(_ image: Image, rows: Range<Int>) -> Double {
        let bytes = image.packedBytes()[(rows.lowerBound * image.width * 3)..<(rows.upperBound * image.width * 3)]
        return Double(bytes.reduce(0) { $0 + Int($1) }) / Double(bytes.count)
    }

    @Test("Rejected by default, with a message naming the file")
    func rejected() throws {
        let folder = try ScratchFolder("fit-reject")
        defer { folder.remove() }
        let path = folder.path("fixed.mp4")
        let writer = try VideoWriter(path: path, width: 64, height: 48, framesPerSecond: 25)
        try writer.append(try Self.plain(64, 48, 200))
        #expect {
            try writer.append(try Self.plain(128, 48, 200))
        } throws: { error in
            guard case VideoError.invalidArgument(let message) = error else { return false }
            return message.contains(path) && message.contains("128×48")
        }
        try writer.finish()
        #expect(try VideoFixtures.readAll(path).1.count == 1)
    }

    @Test("A wider frame is letterboxed, one of the same aspect ratio fills the frame")
    func letterboxed() throws {
        let folder = try ScratchFolder("fit-letterbox")
        defer { folder.remove() }
        let path = folder.path("fitted.mkv")
        let writer = try VideoWriter(path: path, width: 64, height: 48, framesPerSecond: 25,
                                     options: .init(container: .matroska, fitsOtherSizes: true))
        try writer.append(try Self.plain(64, 48, 200))
        // 2:1 into 4:3: 64×32 between bands of 8 rows.
        try writer.append(try Self.plain(128, 64, 200))
        // 4:3 at twice the size: the whole frame.
        try writer.append(try Self.plain(128, 96, 200))
        try writer.finish()
        let (reader, frames) = try VideoFixtures.readAll(path)
        #expect(reader.info.width == 64 && reader.info.height == 48)
        try #require(frames.count == 3)
        #expect(Self.mean(frames[1].image, rows: 0..<6) < 25, "band above")
        #expect(Self.mean(frames[1].image, rows: 42..<48) < 25, "band below")
        #expect(abs(Self.mean(frames[1].image, rows: 12..<36) - 200) < 10, "picture")
        #expect(abs(Self.mean(frames[2].image, rows: 0..<48) - 200) < 10, "no bands")
    }
}

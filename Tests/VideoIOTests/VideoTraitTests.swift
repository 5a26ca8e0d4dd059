import Imaging
import Testing
import VideoIO

/// Video support is the package trait `FFmpeg` (docs/platforms.md): with it, readers and writers
/// open; without it, they keep their API and throw ``VideoError/unavailable(_:)``, which names the
/// trait.
@Suite struct VideoTraitTests {
    @Test func readersAndWritersOpenOnlyWithTheFFmpegTrait() throws {
        let folder = try ScratchFolder("trait")
        defer { folder.remove() }
        let path = folder.path("clip.mp4")
        #if FFmpeg
        try VideoFixtures.write(try VideoFixtures.movingCrops(count: 2, width: 64, height: 48), to: path, fps: 25)
        #expect(try VideoReader(path: path).nextFrame() != nil)
        #expect(VideoWriter.canEncode(.mpeg4))
        #else
        func namesTheTrait(_ error: any Error) -> Bool {
            guard case VideoError.unavailable(let message)? = error as? VideoError else { return false }
            return message.contains("trait FFmpeg")
        }
        #expect(performing: { try VideoWriter(path: path, width: 64, height: 48, framesPerSecond: 25) }, throws: namesTheTrait)
        #expect(performing: { try VideoReader(path: path) }, throws: namesTheTrait)
        #expect(performing: { try LiveVideoSource(path: path) }, throws: namesTheTrait)
        #expect(!VideoWriter.isH264Available && VideoCodec.allCases.allSatisfy { !VideoWriter.canEncode($0) })
        #endif
    }
}

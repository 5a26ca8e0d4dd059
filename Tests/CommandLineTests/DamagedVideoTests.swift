import Foundation
import Imaging
import Testing
import TestSupport
import VideoIO

/// Damaged Matroska and WebM files: the lines (and, with `--overlay`, the overlay) of the frames
/// that decode, then exit status 1 with the reason naming the file.
@Suite struct DamagedVideoTests {
    @Test func damagedMatroskaAndWebMExitWithTheReasonAfterTheFramesTheyHave() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frameCount = 250
        let images = try ClipFixtures.noiseFrames(count: frameCount, width: 128, height: 96)
        var cases: [(name: String, bytes: (Data) -> Data, reason: String)] = [
            ("holed.mkv", { whole in
                var bytes = whole
                let range = (whole.count * 3 / 10)..<(whole.count * 6 / 10)
                bytes.replaceSubrange(range, with: Data(count: range.count))
                return bytes
            }, "gap"),
            ("cut.mkv", { $0.prefix($0.count / 2) }, "truncated"),
        ]
        if VideoWriter.canEncode(.vp8) { cases.append(("cut.webm", { $0.prefix($0.count / 2) }, "truncated")) }
        for (name, damage, reason) in cases {
            let whole = folder.appendingPathComponent("whole-" + name).path
            try ClipFixtures.write(images, to: whole, container: name.hasSuffix(".webm") ? .webm : .matroska)
            let healthy = try DriverTool.run(["face-detector", whole])
            #expect(healthy.status == 0, "\(healthy.standardError)")
            #expect(try healthy.lines().count == frameCount)

            let path = folder.appendingPathComponent(name).path
            try damage(try Data(contentsOf: URL(fileURLWithPath: whole))).write(to: URL(fileURLWithPath: path))
            let run = try DriverTool.run(["face-detector", path])
            #expect(run.status == 1, "\(name): \(run.standardError)")
            #expect(run.standardError.contains(path) && run.standardError.contains(reason), "\(name): \(run.standardError)")
            let lines = try run.lines()
            #expect(lines.count > 0 && lines.count < frameCount, "\(name): the frames before the damage, \(lines.count)")

            // With an overlay: the same, and the overlay of those frames is kept.
            let overlay = folder.appendingPathComponent(name + ".mp4").path
            let drawn = try DriverTool.run(["face-detector", path, "--overlay", overlay])
            #expect(drawn.status == 1, "\(name): \(drawn.standardError)")
            #expect(drawn.standardError.contains(path) && drawn.standardError.contains(reason), "\(name): \(drawn.standardError)")
            #expect(try drawn.lines().count == lines.count)
            let kept = try VideoReader(path: overlay)
            var keptFrames = 0
            while try kept.nextFrame() != nil { keptFrames += 1 }
            #expect(keptFrames == lines.count, "\(name): the overlay has a frame per line")
        }
    }
}

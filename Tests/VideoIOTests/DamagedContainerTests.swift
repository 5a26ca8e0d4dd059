import Foundation
import Imaging
import Testing
import VideoIO

/// Matroska and WebM resynchronize over damaged bytes and end quietly where a file is cut: the
/// reader must still report such files, and must not report healthy ones.
@Suite("Damaged Matroska and WebM files give typed errors; healthy ones do not")
struct DamagedContainerTests {
    private static let frameCount = 300
    private static let fps = 25.0

    /// Reads `path` to its end: the frames, and the error that ended the reading, if any.
    private static func readToEnd(_ path: String) throws -> (frames: [VideoFrame], error: VideoError?) {
        let reader = try VideoReader(path: path)
        var frames: [VideoFrame] = []
        do throws(VideoError) {
            while frames.count <= 10 * frameCount, let frame = try reader.nextFrame() { frames.append(frame) }
        } catch {
            return (frames, error)
        }
        return (frames, nil)
    }

    /// A 12 s video of `frameCount` frames at 25 frames per second in `container`.
    private static func video(_ container: VideoContainer, named name: String, in folder: ScratchFolder) throws -> String {
        let path = folder.path(name)
        try ContainerFixtures.write(try ContainerFixtures.frames(count: frameCount, width: 128, height: 96),
                                    to: path, container: container, fps: fps)
        return path
    }

    private static let damageable: [(VideoContainer, String)] = [(.matroska, "mkv"), (.webm, "webm")]

    /// The fixtures decode to the same pictures however busy the machine is: VP8 encodes at a
    /// fixed speed (its real-time mode otherwise picks one from how long frames took), so a
    /// stretch of bytes cut or zeroed below hits the same blocks in every run.
    @Test func webmFixturesEncodeTheSameEveryTime() throws {
        let folder = try ScratchFolder("repeated-webm")
        defer { folder.remove() }
        for container in [VideoContainer.webm] where ContainerFixtures.canWrite(container) {
            let runs = try (0..<2).map { run in
                try Self.readToEnd(try Self.video(container, named: "run\(run).webm", in: folder))
            }
            #expect(runs[0].error == nil && runs[1].error == nil)
            #expect(runs[0].frames.count == Self.frameCount && runs[1].frames.count == Self.frameCount)
            let differing = zip(runs[0].frames, runs[1].frames).filter { $0.image != $1.image }.map(\.0.index)
            #expect(differing.isEmpty, "frames \(differing.prefix(10)) differ between the two encodings")
        }
    }

    @Test("Healthy Matroska, WebM and MPEG-TS files read to their end without an error")
    func healthyFiles() throws {
        let folder = try ScratchFolder("healthy-containers")
        defer { folder.remove() }
        for (container, suffix) in Self.damageable + [(.mpegTS, "ts"), (.mp4, "mp4")] where ContainerFixtures.canWrite(container) {
            let path = try Self.video(container, named: "clip.\(suffix)", in: folder)
            let (frames, error) = try Self.readToEnd(path)
            #expect(error == nil, "\(suffix): \(String(describing: error))")
            #expect(frames.count == Self.frameCount, "\(suffix)")
            #expect(frames.last?.timestampMilliseconds == Double(Self.frameCount - 1) * 40, "\(suffix)")
        }
    }

    @Test("Variable frame rate and a 1.5 s pause are not damage")
    func variableFrameRate() throws {
        let folder = try ScratchFolder("vfr")
        defer { folder.remove() }
        let images = try ContainerFixtures.frames(count: 120, width: 128, height: 96)
        // Intervals of 20 to 120 ms around the nominal 40 ms, and one pause of 1.5 s.
        var timestamps: [Double] = [0]
        for index in 1..<images.count {
            timestamps.append(timestamps[index - 1] + (index == 60 ? 1500 : [20, 40, 80, 120, 30][index % 5]))
        }
        for (container, suffix) in Self.damageable where ContainerFixtures.canWrite(container) {
            let path = folder.path("vfr.\(suffix)")
            try ContainerFixtures.write(images, to: path, container: container, fps: Self.fps, timestamps: timestamps)
            let (frames, error) = try Self.readToEnd(path)
            #expect(error == nil, "\(suffix): \(String(describing: error))")
            #expect(frames.map { $0.timestampMilliseconds.rounded() } == timestamps, "\(suffix)")
        }
    }

    @Test("A 5 s still in Matroska or WebM (a screen recording that adds frames only on change) is not a hole")
    func longStillWithAnIndex() throws {
        let folder = try ScratchFolder("long-still")
        defer { folder.remove() }
        let images = try ContainerFixtures.frames(count: 120, width: 128, height: 96)
        let timestamps = (0..<images.count).map { Double($0 * 40) + ($0 >= 60 ? 5000 : 0) }
        for (container, suffix) in Self.damageable where ContainerFixtures.canWrite(container) {
            let path = folder.path("still.\(suffix)")
            try ContainerFixtures.write(images, to: path, container: container, fps: Self.fps, timestamps: timestamps)
            let (frames, error) = try Self.readToEnd(path)
            #expect(error == nil, "\(suffix): \(String(describing: error))")
            #expect(frames.count == images.count, "\(suffix)")
        }
    }

    @Test("An MP4 frame shown for 3 s is not a hole: its sample index lists every frame")
    func longFrameInMP4() throws {
        let folder = try ScratchFolder("long-frame")
        defer { folder.remove() }
        let images = try ContainerFixtures.frames(count: 20, width: 128, height: 96)
        let timestamps = (0..<20).map { Double($0 * 40 + ($0 >= 10 ? 3000 : 0)) }
        let path = folder.path("still.mp4")
        try ContainerFixtures.write(images, to: path, container: .mp4, fps: Self.fps, timestamps: timestamps)
        let (frames, error) = try Self.readToEnd(path)
        #expect(error == nil, "\(String(describing: error))")
        #expect(frames.map { $0.timestampMilliseconds.rounded() } == timestamps)
    }

    @Test("Matroska and WebM cut at 50 %: the frames before the cut, then .truncated naming the file")
    func cutInHalf() throws {
        let folder = try ScratchFolder("cut-containers")
        defer { folder.remove() }
        for (container, suffix) in Self.damageable where ContainerFixtures.canWrite(container) {
            let whole = try Self.video(container, named: "whole.\(suffix)", in: folder)
            let path = try ContainerFixtures.store(try ContainerFixtures.cut(whole, at: 0.5), "half.\(suffix)", in: folder)
            let (frames, error) = try Self.readToEnd(path)
            #expect(frames.count > 0 && frames.count < Self.frameCount, "\(suffix): \(frames.count) frames")
            guard case .truncated(let message)? = error else {
                Issue.record("\(suffix): expected .truncated, got \(String(describing: error))")
                continue
            }
            #expect(message.contains(path), "\(message)")
        }
    }

    @Test("A block zeroed or removed mid-file in Matroska or WebM: .corrupt naming the file and the gap")
    func holes() throws {
        let folder = try ScratchFolder("holed-containers")
        defer { folder.remove() }
        for (container, suffix) in Self.damageable where ContainerFixtures.canWrite(container) {
            let whole = try Self.video(container, named: "whole.\(suffix)", in: folder)
            let damaged = [("zeroed", try ContainerFixtures.zeroed(whole, from: 0.3, to: 0.6)),
                           ("removed", try ContainerFixtures.removed(whole, from: 0.3, to: 0.6))]
            for (kind, bytes) in damaged {
                let path = try ContainerFixtures.store(bytes, "\(kind).\(suffix)", in: folder)
                let (frames, error) = try Self.readToEnd(path)
                #expect(frames.count < Self.frameCount, "\(kind) \(suffix): \(frames.count) frames")
                guard case .corrupt(let message)? = error else {
                    Issue.record("\(kind) \(suffix): expected .corrupt, got \(String(describing: error))")
                    continue
                }
                #expect(message.contains(path) && message.contains("gap"), "\(message)")
            }
        }
    }
}

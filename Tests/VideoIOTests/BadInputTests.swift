import Foundation
import Imaging
import Testing
import VideoIO

@Suite("Bad inputs give typed errors")
struct BadInputTests {
    /// A valid 10-frame MP4 written by the test, and its bytes.
    private static func sampleVideo(in folder: ScratchFolder) throws -> [UInt8] {
        let images = try VideoFixtures.movingCrops(count: 10, width: 192, height: 144)
        let path = folder.path("good.mp4")
        try VideoFixtures.write(images, to: path, fps: 25)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    private static func store(_ bytes: [UInt8], _ name: String, in folder: ScratchFolder) throws -> String {
        let path = folder.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("Missing, empty and non-media files")
    func unreadableFiles() throws {
        let folder = try ScratchFolder("bad")
        defer { folder.remove() }
        #expect {
            try VideoReader(path: folder.path("missing.mp4"))
        } throws: { error in
            if case VideoError.notFound = error { return true } else { return false }
        }
        // A capture device that is not there, through libavdevice's video4linux2 input: scripts/setup
        // installs libavdevice, so on Linux the input registers (vt_ffmpeg_register_devices) and
        // the device is not found; elsewhere the input may be missing.
        #expect {
            try VideoReader(path: "/dev/video-missing-\(getpid())")
        } throws: { error in
            switch error as? VideoError {
            case .notFound?: true
            case .unsupportedCodec?:
                #if os(Linux)
                false
                #else
                true
                #endif
            default: false
            }
        }
        let empty = try Self.store([], "empty.mp4", in: folder)
        #expect {
            try VideoReader(path: empty)
        } throws: { error in
            if case VideoError.corrupt = error { return true } else { return false }
        }
        let text = try Self.store(Array("this is not a video, just some words.\n".utf8) + [UInt8](repeating: 0x41, count: 4000),
                                  "notes.mp4", in: folder)
        #expect {
            try VideoReader(path: text)
        } throws: { error in
            if case VideoError.corrupt = error { return true } else { return false }
        }
    }

    @Test("An audio-only WAV has no video stream")
    func audioOnly() throws {
        let folder = try ScratchFolder("wav")
        defer { folder.remove() }
        // One second of 8 kHz, 16-bit mono silence with a tone: a minimal RIFF/WAVE file.
        let sampleRate: UInt32 = 8000, samples = 8000
        var pcm = [UInt8]()
        for index in 0..<samples {
            let value = Int16(8000 * sin(Double(index) * 2 * .pi * 440 / Double(sampleRate)))
            pcm.append(UInt8(truncatingIfNeeded: value))
            pcm.append(UInt8(truncatingIfNeeded: value >> 8))
        }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func le16(_ v: UInt16) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        var wav = Array("RIFF".utf8) + le32(UInt32(36 + pcm.count)) + Array("WAVE".utf8)
        wav += Array("fmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(sampleRate) + le32(sampleRate * 2) + le16(2) + le16(16)
        wav += Array("data".utf8) + le32(UInt32(pcm.count)) + pcm
        let path = try Self.store(wav, "tone.wav", in: folder)
        #expect {
            try VideoReader(path: path)
        } throws: { error in
            if case VideoError.noVideoStream = error { return true } else { return false }
        }
    }

    @Test("Truncated MP4s fail with a typed error, at open or while reading")
    func truncated() throws {
        let folder = try ScratchFolder("truncated")
        defer { folder.remove() }
        let bytes = try Self.sampleVideo(in: folder)
        // The writer puts the index (`moov`) at the end, so a cut anywhere before it loses the index.
        for fraction in [0.02, 0.3, 0.7, 0.9, 0.95, 0.97] {
            let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
            let path = try Self.store(cut, "cut-\(fraction).mp4", in: folder)
            #expect(throws: VideoError.self, "cut at \(fraction)") { _ = try VideoFixtures.readAll(path) }
        }
        // Losing only the last bytes (trailing metadata) may still leave a readable file, never more frames.
        let nearlyWhole = try Self.store(Array(bytes.dropLast(40)), "cut-end.mp4", in: folder)
        do {
            #expect(try VideoFixtures.readAll(nearlyWhole).1.count <= 10)
        } catch is VideoError {}
    }

    @Test("Index-first (fast start) MP4s cut inside the frames: frames before the cut, then a typed error")
    func truncatedFastStart() throws {
        let folder = try ScratchFolder("truncated-faststart")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 10, width: 192, height: 144)
        let path = folder.path("fast.mp4")
        try VideoFixtures.write(images, to: path, fps: 25, options: .init(fastStart: true))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try VideoFixtures.readAll(path).1.count == 10)
        for fraction in [0.5, 0.8] {
            let cut = try Self.store(Array(bytes.prefix(Int(Double(bytes.count) * fraction))), "fast-\(fraction).mp4", in: folder)
            let reader = try VideoReader(path: cut)
            #expect(reader.info.frameCount == 10)
            var decoded: [VideoFrame] = []
            #expect {
                while let frame = try reader.nextFrame() { decoded.append(frame) }
            } throws: { error in
                if case VideoError.truncated = error { return true } else { return false }
            }
            #expect(decoded.count < 10)
            for frame in decoded { #expect(VideoFixtures.psnr(frame.image, images[frame.index]) > 30) }
        }
    }

    @Test("Bit-flipped MP4s never crash or hang: frames or a typed error")
    func bitFlips() throws {
        let folder = try ScratchFolder("flipped")
        defer { folder.remove() }
        let bytes = try Self.sampleVideo(in: folder)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var outcomes = (errors: 0, decoded: 0)
        for variant in 0..<12 {
            var damaged = bytes
            // Light damage spread over the file, heavier damage on alternate variants.
            for _ in 0..<(variant % 2 == 0 ? 8 : 200) {
                damaged[random(damaged.count)] ^= UInt8(1 << random(8))
            }
            let path = try Self.store(damaged, "flip-\(variant).mp4", in: folder)
            do {
                let (_, frames) = try VideoFixtures.readAll(path, limit: 1000)
                #expect(frames.count < 1000, "variant \(variant) does not end")
                for frame in frames { #expect(frame.image.width > 0 && frame.image.height > 0) }
                outcomes.decoded += 1
            } catch is VideoError {
                outcomes.errors += 1
            }
        }
        #expect(outcomes.errors + outcomes.decoded == 12)
        print("bit flips: \(outcomes.decoded) variant(s) decoded, \(outcomes.errors) gave a typed error")
    }

    @Test("Writer misuse: wrong size, non-increasing time, no frames, bad arguments")
    func writerMisuse() throws {
        let folder = try ScratchFolder("misuse")
        defer { folder.remove() }
        let images = try VideoFixtures.movingCrops(count: 2, width: 64, height: 48)
        #expect(throws: VideoError.self) { try VideoWriter(path: folder.path("a.mp4"), width: 0, height: 48, framesPerSecond: 30) }
        #expect(throws: VideoError.self) { try VideoWriter(path: folder.path("a.mp4"), width: 64, height: 48, framesPerSecond: .nan) }
        #expect(throws: VideoError.self) {
            try VideoWriter(path: "/nonexistent-folder-\(getpid())/a.mp4", width: 64, height: 48, framesPerSecond: 30)
        }

        let writer = try VideoWriter(path: folder.path("b.mp4"), width: 64, height: 48, framesPerSecond: 30)
        #expect(throws: VideoError.self) { try writer.append(try Image(width: 65, height: 48, format: .rgb8)) }
        try writer.append(images[0], timestampMilliseconds: 100)
        #expect(throws: VideoError.self) { try writer.append(images[1], timestampMilliseconds: 100) }
        try writer.append(images[1], timestampMilliseconds: 140)
        try writer.finish()
        #expect(throws: VideoError.self) { try writer.append(images[0]) }
        #expect(try VideoFixtures.readAll(folder.path("b.mp4")).1.count == 2)

        let empty = try VideoWriter(path: folder.path("c.mp4"), width: 64, height: 48, framesPerSecond: 30)
        #expect(throws: VideoError.self) { try empty.finish() }
        #expect(try folder.contents() == ["b.mp4"])
    }

    @Test("Writes are atomic: a cancelled or dropped writer leaves the old file untouched")
    func atomicWrites() throws {
        let folder = try ScratchFolder("atomic")
        defer { folder.remove() }
        let path = folder.path("out.mp4")
        let original = Array("previous results".utf8)
        try Data(original).write(to: URL(fileURLWithPath: path))
        let images = try VideoFixtures.movingCrops(count: 3, width: 64, height: 48)

        let cancelled = try VideoWriter(path: path, width: 64, height: 48, framesPerSecond: 30)
        for image in images { try cancelled.append(image) }
        #expect(try folder.contents().count == 2)  // out.mp4 and the hidden partial file
        cancelled.cancel()
        #expect(try folder.contents() == ["out.mp4"])
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == original)

        do {
            let dropped = try VideoWriter(path: path, width: 64, height: 48, framesPerSecond: 30)
            try dropped.append(images[0])
        }
        #expect(try folder.contents() == ["out.mp4"])
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == original)

        try VideoFixtures.write(images, to: path, fps: 30)
        #expect(try VideoFixtures.readAll(path).1.count == 3)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Imaging
import Testing
import TestSupport
import VideoIO

/// Video files and streams through the binary, on a video the test makes from a fixture face.
@Suite struct VideoInputTests {
    /// The face landmarks of a frame's line: one face of 478 points, as (x, y) pairs.
    private func face(_ line: [String: Any]) throws -> [(Double, Double)] {
        let faces = try #require(line["faceLandmarks"] as? [[[String: Any]]])
        try #require(faces.count == 1, "one face in every frame, got \(faces.count)")
        let points = faces[0].compactMap { point -> (Double, Double)? in
            guard let x = (point["x"] as? NSNumber)?.doubleValue, let y = (point["y"] as? NSNumber)?.doubleValue else { return nil }
            return (x, y)
        }
        try #require(points.count == 478)
        return points
    }

    /// HD videos are mostly BT.709: the overlay is drawn on the decoded frames in that space and
    /// encoded in it (tagged so), and the picture away from the face keeps its colours.
    @Test func overlayOfABT709VideoStaysInBT709() throws {
        guard VideoWriter.isH264Available else { return }  // the colour tags travel in H.264's VUI
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("hd.mp4").path
        let overlay = folder.appendingPathComponent("overlay.mp4").path
        try DriverTool.movingFaceVideo(at: video, frames: 3, yuvColorSpace: .bt709VideoRange)
        let run = try DriverTool.run(["face-landmarker", video, "--overlay", overlay])
        #expect(run.status == 0, "\(run.standardError)")

        let input = try VideoReader(path: video, options: .init(keepsYUV: true))
        let drawn = try VideoReader(path: overlay, options: .init(keepsYUV: true))
        var frames = 0
        while let frame = try drawn.nextFrame() {
            let original = try #require(try input.nextFrame())
            #expect(frame.yuvImage?.yuvColorSpace == .bt709VideoRange)
            // The top-left corner (no landmarks there) as RGB: the same colours after a re-encode.
            let a = frame.image.packedBytes(), b = original.image.packedBytes()
            let width = frame.image.width
            var difference = 0.0
            for y in 0..<40 { for x in 0..<40 { for c in 0..<3 { difference += abs(Double(a[(y * width + x) * 3 + c]) - Double(b[(y * width + x) * 3 + c])) } } }
            #expect(difference / (40 * 40 * 3) < 3, "mean difference \(difference / 4800) in the corner")
            frames += 1
        }
        #expect(frames == 3)
    }

    @Test func videoGivesOneLinePerFrameTrackingTheFaceWithAnOverlayOfTheSameSize() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("moving face.mp4").path
        let overlay = folder.appendingPathComponent("overlay.mp4").path
        let frameCount = 12
        try DriverTool.movingFaceVideo(at: video, frames: frameCount)

        let run = try DriverTool.run(["face-landmarker", video, "--overlay", overlay])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = try run.lines()
        try #require(lines.count == frameCount, "one line per frame")
        let timestamps = lines.compactMap { ($0["timestampInMilliseconds"] as? NSNumber)?.intValue }
        #expect(timestamps.count == frameCount)
        #expect(timestamps.first == 0)
        #expect(zip(timestamps, timestamps.dropFirst()).allSatisfy { $0 < $1 }, "timestamps increase: \(timestamps)")
        #expect(timestamps.last == (frameCount - 1) * 40, "25 frames per second from the container: \(timestamps)")

        // Tracking continuity: the face is found in every frame and its landmarks move little and
        // the way the picture moves (2 pixels right, 1 down per frame of 512).
        var previous = try face(lines[0])
        for (index, line) in lines.enumerated().dropFirst() {
            let current = try face(line)
            let n = Double(current.count)
            let dx = zip(current, previous).map { $0.0 - $1.0 }.reduce(0, +) / n
            let dy = zip(current, previous).map { $0.1 - $1.1 }.reduce(0, +) / n
            let spread = zip(current, previous).map { hypot($0.0 - $1.0 - dx, $0.1 - $1.1 - dy) }.reduce(0, +) / n
            #expect(abs(dx - 2.0 / 512) < 0.004 && abs(dy - 1.0 / 512) < 0.004, "frame \(index): mean motion (\(dx), \(dy))")
            #expect(spread < 0.004, "frame \(index): landmarks jitter by \(spread)")
            previous = current
        }

        // The overlay has the input's size and frame count and differs from it where the face is.
        let input = try VideoReader(path: video), drawn = try VideoReader(path: overlay)
        #expect(drawn.info.width == input.info.width && drawn.info.height == input.info.height)
        var drawnFrames = 0, changedFrames = 0
        let points = try face(lines[0])
        while let frame = try drawn.nextFrame() {
            let original = try #require(try input.nextFrame())
            if frame.index == 0 {
                let a = frame.image.packedBytes(), b = original.image.packedBytes()
                let width = frame.image.width, height = frame.image.height
                let changed = points.filter { x, y in
                    let px = min(width - 1, max(0, Int(x * Double(width)))), py = min(height - 1, max(0, Int(y * Double(height))))
                    let i = (py * width + px) * 3
                    return (0..<3).map { abs(Int(a[i + $0]) - Int(b[i + $0])) }.max()! > 40
                }.count
                if changed > points.count / 4 { changedFrames += 1 }
            }
            drawnFrames += 1
        }
        #expect(drawnFrames == frameCount)
        #expect(changedFrames == 1, "the mesh is drawn where the landmarks are")
    }

    /// A named pipe is a stream (live-stream mode). The test feeds part of a video and leaves the
    /// pipe open, as a camera that stalls would: SIGINT must still end the run promptly, with every
    /// line complete JSON.
    @Test func sigintStopsAStreamCleanlyWithCompleteLines() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("stream.mp4").path
        // FFmpeg reads up to 5 s of a stream to learn its parameters before the first frame: 10 s.
        let frameCount = 250
        try DriverTool.movingFaceVideo(at: video, frames: frameCount, fastStart: true)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: video)))
        let pipe = folder.appendingPathComponent("camera.pipe").path
        try #require(mkfifo(pipe, 0o600) == 0)

        let (process, out, err) = try DriverTool.process(["face-landmarker", pipe], outputs: folder)
        try process.run()
        // Open the pipe once the tool has opened it for reading, then feed the first 75 %.
        let clock = ContinuousClock(), start = clock.now
        var writer: Int32 = -1
        while writer < 0, clock.now - start < .seconds(60), process.isRunning {
            writer = open(pipe, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if writer < 0 { usleep(20_000) }
        }
        try #require(writer >= 0, "the tool opened the pipe")
        defer { close(writer) }
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) & ~O_NONBLOCK)
        let part = bytes.count * 3 / 4
        var offset = 0
        while offset < part {
            let written = bytes[offset..<part].withUnsafeBytes { write(writer, $0.baseAddress!, $0.count) }
            try #require(written > 0, "writing to the pipe")
            offset += written
        }
        // Wait for the first results, then interrupt.
        while clock.now - start < .seconds(120), process.isRunning,
              !(try String(contentsOf: out, encoding: .utf8)).contains("\n") {
            usleep(50_000)
        }
        let earlyErrors = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        try #require(process.isRunning, "still reading the stalled stream: \(earlyErrors)")
        process.interrupt()
        let interruptedAt = clock.now
        while process.isRunning, clock.now - interruptedAt < .seconds(20) { usleep(20_000) }
        if process.isRunning { process.terminate() }
        #expect(clock.now - interruptedAt < .seconds(20), "SIGINT ends the run")
        process.waitUntilExit()
        let errors = try String(contentsOf: err, encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(errors)")

        let lines = try DriverTool.parseLines(try String(contentsOf: out, encoding: .utf8))
        #expect(!lines.isEmpty)
        let timestamps = lines.compactMap { ($0["timestampInMilliseconds"] as? NSNumber)?.intValue }
        #expect(timestamps.count == lines.count)
        #expect(zip(timestamps, timestamps.dropFirst()).allSatisfy { $0 < $1 }, "\(timestamps)")
        #expect(timestamps.allSatisfy { $0 % 40 == 0 && $0 < 40 * frameCount }, "timestamps of the video's frames: \(timestamps)")
        #expect(lines.allSatisfy { $0["faceLandmarks"] is [Any] })
    }
}

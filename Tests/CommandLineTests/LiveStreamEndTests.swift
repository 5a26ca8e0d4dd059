#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// The end of a live stream: the last frames get their lines and the summary accounts for every
/// frame received.
@Suite struct LiveStreamEndTests {
    /// The summary line's counts: received, processed, dropped while busy, failed, not submitted.
    struct Summary: Equatable {
        var received: Int, processed: Int, dropped: Int, failed: Int, unsubmitted: Int

        /// Parses `N frame(s) received, P processed, D dropped while the task was busy[, F failed]
        /// [, U not submitted (stopped)]` from standard error.
        init(_ standardError: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let line = try #require(standardError.split(separator: "\n").last { $0.contains("frame(s) received") },
                                    "no summary line in: \(standardError)", sourceLocation: sourceLocation)
            func count(before label: String) -> Int? {
                guard let range = line.range(of: " " + label) else { return nil }
                return Int(line[..<range.lowerBound].split(whereSeparator: { !$0.isNumber }).last ?? "")
            }
            received = try #require(count(before: "frame(s) received"), sourceLocation: sourceLocation)
            processed = try #require(count(before: "processed"), sourceLocation: sourceLocation)
            dropped = try #require(count(before: "dropped while the task was busy"), sourceLocation: sourceLocation)
            failed = count(before: "failed") ?? 0
            unsubmitted = count(before: "not submitted") ?? 0
        }
    }

    /// The timestamps of the lines, checked to increase.
    private func timestamps(_ lines: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation) -> [Int] {
        let values = lines.compactMap { ($0["timestampInMilliseconds"] as? NSNumber)?.intValue }
        #expect(values.count == lines.count, "every line has a timestamp", sourceLocation: sourceLocation)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "timestamps increase: \(values)", sourceLocation: sourceLocation)
        return values
    }

    /// A `file://` URL is a stream read as fast as it decodes, so most frames are dropped; every
    /// decoded frame is still counted, the counts add up, and the last frame has its line.
    @Test func fileURLSummaryAddsUpAndTheLastFrameHasALine() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("clip.mp4").path
        let frameCount = 30
        try DriverTool.movingFaceVideo(at: video, frames: frameCount)

        let run = try DriverTool.run(["face-landmarker", URL(fileURLWithPath: video).absoluteString])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = try run.lines()
        #expect(timestamps(lines).last == (frameCount - 1) * 40, "the last frame has a line")
        let summary = try Summary(run.standardError)
        #expect(summary.received == frameCount, "every decoded frame is received: \(run.standardError)")
        #expect(summary.received == summary.processed + summary.dropped + summary.failed + summary.unsubmitted,
                "the summary adds up: \(run.standardError)")
        #expect(summary.failed == 0 && summary.unsubmitted == 0)
        #expect(lines.count == summary.processed, "one line per processed frame")
    }

    /// A named pipe fed in real time (the MP4's bytes paced at its frame rate, then a pause with the
    /// pipe still open, then end of file): the frames the decoder holds back until the end of its
    /// input arrive together at the end, and all of them get their lines, the last one included.
    @Test func realTimePipeProcessesTheFramesThatArriveAtTheEnd() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("stream.mp4").path
        // 10 frames per second: the landmarker keeps up, so only the end decides what is lost.
        let frameCount = 30, framesPerSecond = 10.0
        try DriverTool.movingFaceVideo(at: video, frames: frameCount, framesPerSecond: framesPerSecond, fastStart: true)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: video)))
        let pipe = folder.appendingPathComponent("camera.pipe").path
        try #require(mkfifo(pipe, 0o600) == 0)

        let (process, out, err) = try DriverTool.process(["face-landmarker", pipe], outputs: folder)
        try process.run()
        let writer = try openForWriting(pipe, while: process)
        try writePaced(bytes, to: writer, over: Double(frameCount) / framesPerSecond)
        usleep(1_500_000)  // the stream stalls: everything decodable so far is processed
        close(writer)      // end of file: the decoder hands out the frames it held back
        let started = ContinuousClock.now
        while process.isRunning, ContinuousClock.now - started < .seconds(60) { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let errors = try String(contentsOf: err, encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(errors)")

        let lines = try DriverTool.parseLines(try String(contentsOf: out, encoding: .utf8))
        let seen = Set(timestamps(lines))
        let step = Int(1000 / framesPerSecond)
        // FFmpeg's H.264 decoder holds back several frames here (B-frame reordering and frame
        // threads; 3 to 4 measured), which come out together at the end of the input.
        let lastFrames = (frameCount - 3..<frameCount).map { $0 * step }
        #expect(lastFrames.allSatisfy(seen.contains), "the last frames \(lastFrames) have lines: \(seen.sorted())")
        let summary = try Summary(errors)
        #expect(summary.received == frameCount, "every decoded frame is received: \(errors)")
        #expect(summary.received == summary.processed + summary.dropped + summary.failed + summary.unsubmitted,
                "the summary adds up: \(errors)")
        #expect(lines.count == summary.processed, "one line per processed frame")
    }

    /// Opens the pipe for writing once the tool has opened it for reading (blocking writes after).
    private func openForWriting(_ pipe: String, while process: Process) throws -> Int32 {
        let started = ContinuousClock.now
        var writer: Int32 = -1
        while writer < 0, ContinuousClock.now - started < .seconds(60), process.isRunning {
            writer = open(pipe, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if writer < 0 { usleep(20_000) }
        }
        try #require(writer >= 0, "the tool opened the pipe")
        _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) & ~O_NONBLOCK)
        return writer
    }

    /// Writes `bytes` in 50 equal chunks spread evenly over `seconds`, as a camera would.
    private func writePaced(_ bytes: [UInt8], to writer: Int32, over seconds: Double) throws {
        let chunks = 50, chunk = (bytes.count + chunks - 1) / chunks
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            var offset = start
            let end = min(start + chunk, bytes.count)
            while offset < end {
                let written = bytes[offset..<end].withUnsafeBytes { write(writer, $0.baseAddress!, $0.count) }
                try #require(written > 0, "writing to the pipe")
                offset += written
            }
            usleep(useconds_t(seconds / Double(chunks) * 1_000_000))
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TestSupport

/// A folder run's output is never lost, doubled or silently wrong: resuming streams the old
/// results, one run at a time holds the results file, someone else's file is left alone, any name
/// Linux allows is processed, masks never share a name, killed runs' work files are cleaned up, and
/// a full disk never leaves half a line.
@Suite struct OutputIntegrityTests {
    private func folderWithImages(_ names: [String: String]) throws -> URL {
        let folder = try DriverTool.temporaryFolder()
        for (name, source) in names {
            let url = folder.appendingPathComponent("inputs/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Assets.image(source), to: url)
        }
        return folder
    }

    private func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// A results file with a 150 MB line (a video's frames inline, as older versions wrote) and
    /// duplicates: the resumed run keeps that line byte for byte while its memory stays that of
    /// an ordinary run (it used to parse the line with ~68 bytes per byte).
    @Test func resumingStreamsTheOldResultsWhateverTheirLineLengths() throws {
        let folder = try folderWithImages(["a.png": "astronaut.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let frame = #"{"timestampInMilliseconds":40,"detections":[{"categories":[{"index":0,"score":0.9}]}]}"#
        var huge = #"{"file":"old.mp4","frames":["# + frame
        let block = String(repeating: "," + frame, count: 1000)
        while huge.utf8.count < 150_000_000 { huge += block }
        huge += "]}\n"
        let old = #"{"file":"a.png","error":"earlier failure"}"# + "\n" + huge + #"{"file":"gone.png","detections":[]}"# + "\n"
            + #"{"file":"gone.png","detections":[],"marker":"last"}"# + "\n"
        try Data(old.utf8).write(to: URL(fileURLWithPath: results))

        let run = try RawProcess.run(["face-detector", folder.path + "/inputs", "--json-out", results].map { Array($0.utf8) })
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.peakKilobytes > 0 && run.peakKilobytes < 150_000, "peak \(run.peakKilobytes) KiB: the old lines must not be held in memory")
        let after = try Data(contentsOf: URL(fileURLWithPath: results))
        let lines = after.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(lines.count == 4, "the huge line, the last gone.png line, a.png's new line, and the end")
        #expect(lines.first.map { Array($0) + [10] } == Array(huge.utf8), "the old video line is kept byte for byte")
        #expect(lines.count > 1 && String(decoding: lines[1], as: UTF8.self).contains(#""marker":"last""#), "the last line of a file is the one kept")
        #expect(lines.count > 2 && String(decoding: lines[2], as: UTF8.self).hasPrefix(#"{"file":"a.png","detections""#), "the failed file was retried")
    }

    /// With `--json-out`, a video's frames go to their own file and its line stays short.
    @Test func aVideosFramesGoToTheirOwnFile() throws {
        let folder = try folderWithImages(["a.png": "astronaut.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("inputs/clips"), withIntermediateDirectories: true)
        try DriverTool.movingFaceVideo(at: folder.appendingPathComponent("inputs/clips/v.mp4").path, frames: 12)
        let results = folder.appendingPathComponent("out/results.jsonl").path  // out/ is made by the run
        let run = try DriverTool.run(["face-detector", folder.path + "/inputs", "--json-out", results, "--quiet"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = try DriverTool.parseLines(try text(results))
        let video = try #require(lines.first { $0["file"] as? String == "clips/v.mp4" })
        #expect(video["frameCount"] as? Int == 12)
        #expect(video["frames"] == nil)
        let reference = try #require(video["framesFile"] as? String)
        #expect(reference == "results.jsonl.frames/clips/v.mp4.jsonl", "relative to the results file's folder")
        let frames = try DriverTool.parseLines(try text(folder.appendingPathComponent("out/" + reference).path))
        #expect(frames.count == 12)
        #expect(frames.compactMap { $0["timestampInMilliseconds"] as? Int } == (0..<12).map { $0 * 40 })
        #expect(frames.allSatisfy { $0["detections"] is [Any] })
        // The same frames as the video run alone.
        let alone = try DriverTool.run(["face-detector", folder.path + "/inputs/clips/v.mp4", "--quiet"])
        #expect(try alone.lines().count == 12)
        #expect(alone.standardOutput == (try text(folder.appendingPathComponent("out/" + reference).path)))
    }

    /// A file that already has a result line once per earlier run keeps only its last one.
    @Test func resumingKeepsOneLinePerFileTheLastGoodOne() throws {
        let folder = try folderWithImages(["a.png": "astronaut.png", "b.jpg": "bus.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        var old = ""
        for copy in 1...4 {
            old += #"{"file":"a.png","detections":[],"copy":\#(copy)}"# + "\n"
            old += #"{"file":"b.jpg","error":"failed in run \#(copy)"}"# + "\n"
        }
        old += #"{"file":"a.png","error":"a later failure does not undo a result"}"# + "\n"
        try Data(old.utf8).write(to: URL(fileURLWithPath: results))
        let run = try DriverTool.run(["face-detector", folder.path + "/inputs", "--json-out", results])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("1 skipped"))
        let lines = try DriverTool.parseLines(try text(results))
        #expect(lines.compactMap { $0["file"] as? String }.sorted() == ["a.png", "b.jpg"], "one line per file")
        #expect(lines.first { $0["file"] as? String == "a.png" }?["copy"] as? Int == 4)
        #expect(lines.allSatisfy { $0["error"] == nil })
    }

    /// While a run holds the results file, another is refused at once (status 75) and changes
    /// nothing; shards started on one file no longer drop each other's lines.
    @Test func aSecondWriterIsRefused() throws {
        let folder = try folderWithImages(["a.png": "astronaut.png", "b.jpg": "bus.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try DriverTool.movingFaceVideo(at: folder.appendingPathComponent("inputs/c.mp4").path, frames: 300)
        let results = folder.appendingPathComponent("results.jsonl").path

        // Held by this test's own lock.
        try Data().write(to: URL(fileURLWithPath: results))
        let holder = open(results, O_RDONLY | O_CLOEXEC)  // not inherited by the processes other tests start meanwhile
        #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
        let refused = try DriverTool.run(["face-detector", folder.path + "/inputs", "--json-out", results])
        close(holder)
        #expect(refused.status == 75, "\(refused.standardError)")
        #expect(refused.standardError.contains("another vision-tasks run is writing this file"))
        #expect(try text(results).isEmpty)

        // Two shards of a real run on the same file: the first keeps it until it ends.
        let (first, _, firstErrors) = try DriverTool.process(
            ["face-landmarker", folder.path + "/inputs", "--json-out", results, "--shard", "0/2", "--quiet"], outputs: folder)
        try first.run()
        let clock = ContinuousClock(), start = clock.now
        while first.isRunning, (try? text(results))?.isEmpty != false, clock.now - start < .seconds(60) { usleep(20_000) }
        // Stopped while it holds the file, so that the second shard meets the lock however busy
        // the machine is; it goes on once the second has been refused.
        kill(first.processIdentifier, SIGSTOP)
        defer { kill(first.processIdentifier, SIGCONT) }
        try #require(first.isRunning, "the first shard is still on the video: \((try? String(contentsOf: firstErrors, encoding: .utf8)) ?? "")")
        let second = try DriverTool.run(["face-landmarker", folder.path + "/inputs", "--json-out", results, "--shard", "1/2"])
        kill(first.processIdentifier, SIGCONT)
        first.waitUntilExit()
        #expect(second.status == 75, "\(second.standardError)")
        let firstLog = try String(contentsOf: firstErrors, encoding: .utf8)
        #expect(first.terminationStatus == 0, "\(firstLog)")
        let lines = try DriverTool.parseLines(try text(results))
        #expect(lines.compactMap { $0["file"] as? String } == ["a.png", "c.mp4"], "every line of the first shard")
        // Run after it, the second shard appends its own.
        let later = try DriverTool.run(["face-landmarker", folder.path + "/inputs", "--json-out", results, "--shard", "1/2", "--quiet"])
        #expect(later.status == 0, "\(later.standardError)")
        #expect(try DriverTool.parseLines(try text(results)).compactMap { $0["file"] as? String } == ["a.png", "c.mp4", "b.jpg"])
    }

    /// `--json-out` naming a file that no run of ours wrote: refused, untouched, not echoed.
    @Test func someoneElsesFileIsNeitherResumedNorChanged() throws {
        let folder = try folderWithImages(["a.png": "astronaut.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("scores.csv").path
        let original = "name,score\nalice,0.93\nbob,0.71\n"
        try Data(original.utf8).write(to: URL(fileURLWithPath: results))
        let run = try DriverTool.run(["face-detector", folder.path + "/inputs", "--json-out", results])
        #expect(run.status == 1)
        #expect(run.standardError.contains("is not the output of a folder run"), "\(run.standardError)")
        #expect(!run.standardError.contains("alice"), "its lines are not echoed")
        #expect(try text(results) == original)
    }

    /// A file whose name is not UTF-8 is processed, given alone or in a folder; its `"file"`
    /// escapes each invalid byte as `\udcXX`.
    @Test func namesThatAreNotUTF8AreProcessed() throws {
        let folder = try folderWithImages(["a.png": "astronaut.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let name: [UInt8] = [0xFF, 0xFE] + Array(".png".utf8)
        let path = Array((folder.path + "/inputs/").utf8) + name
        let source = try Data(contentsOf: Assets.image("astronaut.png"))
        let descriptor = open((path + [0]).map { CChar(bitPattern: $0) }, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        _ = source.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)

        let folderRun = try RawProcess.run([Array("face-detector".utf8), Array((folder.path + "/inputs").utf8)])
        #expect(folderRun.status == 0, "\(folderRun.standardError)")
        #expect(folderRun.standardError.contains("2 file(s) processed"), "\(folderRun.standardError)")
        let output = String(decoding: folderRun.standardOutput, as: UTF8.self)
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix(#"{"file":"\udcff\udcfe.png","#) })
        #expect(line.contains(#""detections":[{"#), "the face is found")

        let alone = try RawProcess.run([Array("face-detector".utf8), path])
        #expect(alone.status == 0, "\(alone.standardError)")
        let object = try JSONSerialization.jsonObject(with: alone.standardOutput) as? [String: Any]
        #expect((object?["detections"] as? [Any])?.count == 1)
    }

    /// `x.jpg` and `x.png`, and `a/x.jpg` and a top-level `a_x.jpg`, each get their own masks.
    @Test func masksOfDifferentFilesNeverShareAName() throws {
        let folder = try folderWithImages(["x.jpg": "bus.jpg", "x.png": "astronaut.png", "a/x.jpg": "bus.jpg", "a_x.jpg": "bus.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let masks = folder.appendingPathComponent("masks").path
        let run = try DriverTool.run(["pose-landmarker", folder.path + "/inputs", "--masks", masks, "--quiet"])
        #expect(run.status == 0, "\(run.standardError)")
        var written: [String: String] = [:]
        for line in try run.lines() {
            let file = try #require(line["file"] as? String)
            let list = try #require(line["segmentationMasks"] as? [[String: Any]])
            try #require(list.count == 1, "\(file): one person found in \(line)")
            written[file] = list[0]["file"] as? String
        }
        #expect(written == [
            "x.jpg": masks + "/x.jpg.pose0.png", "x.png": masks + "/x.png.pose0.png",
            "a/x.jpg": masks + "/a/x.jpg.pose0.png", "a_x.jpg": masks + "/a_x.jpg.pose0.png",
        ])
        for path in written.values { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    /// kill -9 during a video with `--json-out` and `--overlay` leaves work files; the next run
    /// that writes the same outputs removes them. Those of live processes and other hosts stay.
    @Test func workFilesOfKilledRunsAreRemovedByTheNextRun() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("clip.mp4").path
        try DriverTool.movingFaceVideo(at: video, frames: 300)
        let results = folder.appendingPathComponent("out/faces.jsonl").path
        let overlay = folder.appendingPathComponent("out/mesh.mp4").path
        let outputs = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        func workFiles() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: outputs.path).filter { $0.contains(".tmp-") || $0.contains(".partial-") }.sorted()
        }
        let arguments = ["face-landmarker", video, "--json-out", results, "--overlay", overlay, "--quiet"]
        let (process, _, _) = try DriverTool.process(arguments, outputs: folder)
        try process.run()
        let clock = ContinuousClock(), start = clock.now
        while process.isRunning, try workFiles().count < 2, clock.now - start < .seconds(60) { usleep(20_000) }
        usleep(300_000)
        try #require(process.isRunning, "killed mid-video")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = try workFiles()
        #expect(left.count == 2, "a .tmp- results file and a .partial- overlay are left: \(left)")

        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let hostName = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let live = ".faces.jsonl.tmp-\(getpid())@\(hostName)-AbCdEf", remote = ".faces.jsonl.tmp-1@elsewhere-AbCdEf"
        for name in [live, remote] { try Data().write(to: outputs.appendingPathComponent(name)) }

        let again = try DriverTool.run(arguments)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try workFiles() == [live, remote].sorted(), "only the killed run's files went")
        #expect(try DriverTool.parseLines(try text(results)).count == 300)
    }

    /// A disk that fills up mid-run (here a file size limit) stops the run with an error, and the
    /// results file ends with a whole line; the resumed run then finishes every file once.
    @Test func aFullDiskNeverLeavesHalfALine() throws {
        let (folder, inputs) = try DriverTool.imageFolder(corrupt: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        let arguments = ["face-detector", folder.path, "--json-out", results].map { Array($0.utf8) }
        let full = try RawProcess.run(arguments, shellPrefix: "trap '' XFSZ; ulimit -f 2;")
        #expect(full.status == 1, "\(full.standardError)")
        #expect(full.standardError.contains("File too large"), "\(full.standardError)")
        let kept = try text(results)
        #expect(kept.isEmpty || kept.hasSuffix("\n"), "no half line")
        let partial = try DriverTool.parseLines(kept)
        #expect(partial.count < inputs.count)

        let resumed = try DriverTool.run(["face-detector", folder.path, "--json-out", results, "--quiet"])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(try DriverTool.parseLines(try text(results)).compactMap { $0["file"] as? String }.sorted() == inputs.sorted())
    }
}

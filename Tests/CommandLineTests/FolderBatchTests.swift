import Foundation
import Imaging
import Testing
import TestSupport

/// Folder inputs through the binary: failures, parallel workers, overlays, shards and resuming.
/// They use the face detector, the cheapest task.
@Suite struct FolderBatchTests {
    private func files(_ lines: [[String: Any]]) -> [String] { lines.compactMap { $0["file"] as? String } }

    /// The detections of each file's line, for comparing runs.
    private func detections(_ lines: [[String: Any]]) -> [String: String] {
        var result: [String: String] = [:]
        for line in lines {
            guard let file = line["file"] as? String, let detections = line["detections"] else { continue }
            let data = try? JSONSerialization.data(withJSONObject: detections, options: [.sortedKeys])
            result[file] = data.map { String(decoding: $0, as: UTF8.self) }
        }
        return result
    }

    @Test func aCorruptFileIsReportedAndEveryOtherFileIsProcessed() throws {
        let (folder, inputs) = try DriverTool.imageFolder(corrupt: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let overlays = folder.appendingPathComponent("overlays").path  // inside the input: must not be scanned
        let parallel = try DriverTool.run(["face-detector", folder.path, "--jobs", "2", "--overlay", overlays])
        #expect(parallel.status == 1, "a failed file makes the exit status non-zero")
        let lines = try parallel.lines()
        #expect(files(lines).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } == inputs, "one line per input file, hidden and non-image files left out")
        let failed = lines.filter { $0["error"] != nil }
        #expect(failed.count == 1)
        #expect(failed.first?["file"] as? String == "sub/broken.png")
        #expect(Set(failed.first?.keys.map { $0 } ?? []) == ["file", "error"])
        for line in lines where line["error"] == nil {
            #expect(line["detections"] is [Any], "\(line["file"] ?? "?") has its result")
            #expect(line.keys.first { $0 != "file" && $0 != "detections" && $0 != "timestampInMilliseconds" } == nil)
        }
        // Reported on standard error with its path, and listed in the summary.
        let brokenPath = folder.appendingPathComponent("sub/broken.png").path
        #expect(parallel.standardError.contains(brokenPath))
        #expect(parallel.standardError.contains("1 failed"))
        #expect(parallel.standardError.contains("  sub/broken.png: "))
        #expect(!parallel.standardError.contains("\r") && !parallel.standardError.contains("\u{1B}"),
                "no progress bar when standard error is not a terminal")
        // The overlays mirror the tree, one per image that succeeded, at the input's size.
        for file in inputs where file != "sub/broken.png" {
            let overlay = try Image(contentsOfFile: overlays + "/" + file)
            let input = try Image(contentsOfFile: folder.appendingPathComponent(file).path)
            #expect(overlay.width == input.width && overlay.height == input.height, "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: overlays + "/sub/broken.png"))

        // One worker gives the same results as two. (Without --overlay, the overlay folder would
        // now be scanned as input, so it goes.)
        try FileManager.default.removeItem(atPath: overlays)
        let serial = try DriverTool.run(["face-detector", folder.path, "--quiet"])
        #expect(serial.status == 1)
        let serialLines = try serial.lines()
        #expect(files(serialLines) == inputs, "one worker writes the lines in sorted order")
        #expect(detections(serialLines) == detections(lines))
        #expect(detections(lines).count == inputs.count - 1)
    }

    @Test func shardsCoverEveryFileExactlyOnce() throws {
        let (folder, inputs) = try DriverTool.imageFolder(corrupt: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        func shardFiles(_ arguments: [String], _ environment: [String: String?] = [:]) throws -> [String] {
            let run = try DriverTool.run(["face-detector", folder.path, "--quiet"] + arguments, environment: environment)
            #expect(run.status == 0, "\(run.standardError)")
            return files(try run.lines())
        }
        let quiet = try DriverTool.run(["face-detector", folder.path, "--quiet", "--shard", "0/2"])
        #expect(quiet.standardError.isEmpty, "--quiet and no failures: nothing on standard error")
        let first = try shardFiles(["--shard", "0/2"]), second = try shardFiles(["--shard", "1/2"])
        #expect(!first.isEmpty && !second.isEmpty)
        #expect(Set(first).isDisjoint(with: second))
        #expect((first + second).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } == inputs)
        // The index from Kubernetes Indexed Jobs (0-based) and from Slurm arrays (here --array=1-2).
        #expect(try shardFiles(["--shard-count", "2"], ["JOB_COMPLETION_INDEX": "0"]) == first)
        #expect(try shardFiles(["--shard-count", "2"], ["JOB_COMPLETION_INDEX": "1"]) == second)
        #expect(try shardFiles(["--shard-count", "2"], ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1"]) == first)
        #expect(try shardFiles(["--shard-count", "2"], ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1"]) == second)
        // Without an index the call is wrong (usage error, status 64); so is an index out of range.
        #expect(try DriverTool.run(["face-detector", folder.path, "--shard-count", "2"]).status == 64)
        #expect(try DriverTool.run(["face-detector", folder.path, "--shard", "2/2"]).status == 64)
    }

    @Test func aResumedRunSkipsFinishedFilesAndKeepsWhatWasWritten() throws {
        let (folder, inputs) = try DriverTool.imageFolder(corrupt: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("results.jsonl").path
        // An earlier, interrupted run: a finished file (marked, to see that it is not redone), an
        // error line for the broken file, and half a line cut off by a crash.
        let earlier = #"{"file":"bus.jpg","detections":[],"marker":"kept"}"# + "\n"
            + #"{"file":"sub/broken.png","error":"earlier failure"}"# + "\n" + #"{"file":"t1.jpg","detec"#
        try Data(earlier.utf8).write(to: URL(fileURLWithPath: results))

        let resumed = try DriverTool.run(["face-detector", folder.path, "--json-out", results])
        #expect(resumed.status == 1, "the broken file is retried and fails again")
        #expect(resumed.standardOutput.isEmpty)
        let lines = try DriverTool.parseLines(try String(contentsOfFile: results, encoding: .utf8))
        #expect(files(lines).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } == inputs, "every file exactly once")
        #expect(lines.first?["marker"] as? String == "kept", "the finished file's line is kept, first")
        #expect(lines.filter { $0["error"] != nil }.count == 1, "the old error line was replaced by the retry's")
        #expect(resumed.standardError.contains("1 skipped"))

        // Once everything is done, a rerun only retries the broken file; the other lines stay.
        let before = try String(contentsOfFile: results, encoding: .utf8)
        let again = try DriverTool.run(["face-detector", folder.path, "--json-out", results])
        #expect(again.status == 1)
        let after = try String(contentsOfFile: results, encoding: .utf8)
        let withoutErrors = { (text: String) in text.split(separator: "\n").filter { !$0.contains("\"error\"") } }
        #expect(withoutErrors(after) == withoutErrors(before))
        #expect(try DriverTool.parseLines(after).count == inputs.count)
        #expect(again.standardError.contains("\(inputs.count - 1) skipped"))
    }

    /// SIGINT in the middle of a folder: the run stops after the current file with status 130,
    /// every line written is complete, the video being processed gets no line, and a resumed run
    /// finishes the rest, each file exactly once.
    @Test func sigintStopsAFolderCleanlyAndTheRunResumes() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = folder.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Assets.image("astronaut.png"), to: inputs.appendingPathComponent("a.png"))
        try FileManager.default.copyItem(at: Assets.image("bus.jpg"), to: inputs.appendingPathComponent("b.jpg"))
        try DriverTool.movingFaceVideo(at: inputs.appendingPathComponent("c.mp4").path, frames: 300)
        let results = folder.appendingPathComponent("results.jsonl").path

        let (process, _, err) = try DriverTool.process(["face-landmarker", inputs.path, "--json-out", results], outputs: folder)
        try process.run()
        let clock = ContinuousClock(), start = clock.now
        func lineCount() -> Int {
            ((try? String(contentsOfFile: results, encoding: .utf8)) ?? "").filter { $0 == "\n" }.count
        }
        while process.isRunning, lineCount() < 2, clock.now - start < .seconds(60) { usleep(20_000) }
        try #require(process.isRunning, "still on the video")
        usleep(200_000)
        process.interrupt()
        process.waitUntilExit()
        let errors = try String(contentsOf: err, encoding: .utf8)
        #expect(process.terminationStatus == 130, "\(errors)")
        #expect(errors.contains("interrupted"))
        let stopped = try DriverTool.parseLines(try String(contentsOfFile: results, encoding: .utf8))
        #expect(stopped.compactMap { $0["file"] as? String } == ["a.png", "b.jpg"])

        let resumed = try DriverTool.run(["face-landmarker", inputs.path, "--json-out", results, "--quiet"])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        let lines = try DriverTool.parseLines(try String(contentsOfFile: results, encoding: .utf8))
        #expect(lines.compactMap { $0["file"] as? String } == ["a.png", "b.jpg", "c.mp4"])
        #expect(lines.last?["frameCount"] as? Int == 300)
        let framesFile = try #require(lines.last?["framesFile"] as? String)
        let frames = try DriverTool.parseLines(try String(contentsOfFile: folder.appendingPathComponent(framesFile).path, encoding: .utf8))
        #expect(frames.count == 300)
    }

    /// A folder's line for an image is the single-image run's object with "file" added, whatever
    /// the worker: the same landmarks, and the timestamp an image on its own gets.
    @Test func aFilesLineIsItsSingleImageResult() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["a.png", "b.jpg", "c.png"]
        for (name, source) in zip(names, ["astronaut.png", "bus.jpg", "astronaut.png"]) {
            try FileManager.default.copyItem(at: Assets.image(source), to: folder.appendingPathComponent(name))
        }
        let run = try DriverTool.run(["face-landmarker", folder.path, "--jobs", "2", "--quiet"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = try run.lines()
        try #require(lines.count == names.count)
        for line in lines {
            let name = try #require(line["file"] as? String)
            let single = try DriverTool.run(["face-landmarker", folder.appendingPathComponent(name).path])
            try #require(single.status == 0)
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(single.standardOutput.utf8)) as? NSDictionary)
            var withoutFile = line
            withoutFile["file"] = nil
            #expect(NSDictionary(dictionary: withoutFile).isEqual(expected), "\(name)")
        }
        let faces = lines.filter { ($0["faceLandmarks"] as? [Any])?.isEmpty == false }.count
        #expect(faces == 2, "the astronaut's face in both copies")
    }

    /// `--jobs auto` runs one worker per processor the process may use: under a one-processor
    /// affinity (`taskset -c 0`) one, whatever the machine has; every file gets its line.
    @Test func jobsAutoFollowsTheProcessAffinity() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.jpg", "b.jpg", "c.jpg"] {
            try FileManager.default.copyItem(at: Assets.image("bus.jpg"), to: folder.appendingPathComponent(name))
        }
        let binary = try CommandLineTool.binary()
        let pinned = try CommandLineTool.run(["-c", "0", binary.path, "face-detector", folder.path, "--jobs", "auto"],
                                             executable: URL(fileURLWithPath: "/usr/bin/taskset"))
        #expect(pinned.status == 0, "\(pinned.standardError)")
        #expect(pinned.standardError.contains("processing 3 with 1 job(s)"), "\(pinned.standardError)")
        let lines = pinned.standardOutput.split(separator: "\n")
        #expect(lines.count == 3)
        let wrong = try DriverTool.run(["face-detector", folder.path, "--jobs", "all"])
        #expect(wrong.status == 64 && wrong.standardError.contains("or auto"), "\(wrong.standardError)")
    }
}

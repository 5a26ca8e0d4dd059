import Foundation

/// A folder input from start to summary: lists the files, keeps this shard's part, skips the files
/// a resumed `--json-out` already has, runs the rest (``FolderRun``) with a progress bar, and
/// prints a summary that lists the failures.
struct FolderBatch {
    let root: String
    let options: DriverOptions

    /// - Throws: ``BatchFailed`` if any file failed (after everything else was processed),
    ///   ``Interrupted`` after SIGINT/SIGTERM, or a fatal error (model, output).
    func run(spec: any TaskCommandSpec) throws {
        let excluded = [options.overlay, options.jsonOut.map { VideoFramesFolder(resultsFile: $0).path }].compactMap { $0 }
        let scan = FolderScan(root: root, excluding: excluded)
        let selected = options.shard.select(scan.files)
        let progress = ProgressBar(total: nil, unit: "files", quiet: options.quiet)
        let sink: JSONLinesSink
        var finished = Set<FolderFile>()
        if let jsonOut = options.jsonOut {
            let output = try ResumableOutput(path: jsonOut, candidates: Set(selected)) { progress.log("vision-tasks: \($0)") }
            finished = output.finishedFiles
            sink = output.sink
        } else {
            sink = .standardOutput()
        }
        let remaining = selected.filter { !finished.contains($0) }
        let skipped = selected.count - remaining.count
        if !options.quiet {
            var note = "vision-tasks: \(scan.files.count) file(s) in \(root)"
            if options.shard.count > 1 { note += ", \(selected.count) in shard \(options.shard)" }
            if skipped > 0 { note += ", \(skipped) already done" }
            note += "; processing \(remaining.count) with \(min(options.jobs, max(1, remaining.count))) job(s)"
            progress.log(note)
        }
        var unreadable: [FolderRun.Failure] = []
        if options.shard.index == 0 {  // report unlisted folders once, not from every shard
            for folder in scan.unreadable {
                progress.log("vision-tasks: \(root)/\(folder.path.text): cannot list the folder: \(folder.reason)")
                try sink.write(.object([("file", folder.path.json), ("error", .string("cannot list the folder: \(folder.reason)"))]))
                unreadable.append(FolderRun.Failure(file: folder.path, reason: "cannot list the folder: \(folder.reason)"))
            }
        }
        progress.setTotal(remaining.count)
        let run = FolderRun(root: root, files: remaining, spec: spec, overlayFolder: options.overlay,
                            videoFrames: options.jsonOut.map(VideoFramesFolder.init(resultsFile:)),
                            jobs: options.jobs, sink: sink, progress: progress)
        let outcome: (succeeded: Int, failures: [FolderRun.Failure])
        do {
            outcome = try run.run()
        } catch {
            progress.finish()
            try? sink.finish()
            throw error
        }
        progress.finish()
        try sink.finish()
        let failures = unreadable + outcome.failures
        let interrupted = InterruptSignal.shared.isRaised
        var summary = "vision-tasks: \(outcome.succeeded) file(s) processed"
        if skipped > 0 { summary += ", \(skipped) skipped (already in \(options.jsonOut ?? ""))" }
        summary += ", \(failures.count) failed"
        if interrupted { summary += "; interrupted, \(remaining.count - outcome.succeeded - outcome.failures.count) not done" }
        if !failures.isEmpty {
            summary += ":\n" + failures.map { "  \($0.file.text): \($0.reason)" }.joined(separator: "\n")
        }
        if !options.quiet || !failures.isEmpty { printToStandardError(summary) }
        if interrupted { throw Interrupted() }
        if !failures.isEmpty { throw BatchFailed(failed: failures.count, total: selected.count) }
    }
}

/// Some files of a folder failed (each was reported); the others were processed.
struct BatchFailed: Error, CustomStringConvertible {
    var failed: Int
    var total: Int
    var description: String { "\(failed) of \(total) file(s) failed" }
}

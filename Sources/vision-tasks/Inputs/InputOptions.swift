import Foundation

/// The flags of every task command that say where results go and how a folder is split up; the
/// task's own flags (models, thresholds, `--threads`) are parsed by the command.
struct InputOptions {
    static let valueOptions: Set<String> = ["overlay", "json-out", "jobs", "shard", "shard-count"]
    static let flagOptions: Set<String> = ["quiet"]

    static let help = """
          --overlay OUT      draw the results: PNG or JPEG (by extension) for an image, MP4 for a
                             video or stream (H.264 when available, else MPEG-4), a folder for a
                             folder input (one overlay per file, mirroring the input tree: images
                             keep their name, videos become .mp4; a .mov becomes .mov.mp4)
          --json-out FILE    write the JSON (Lines) to FILE instead of standard output; the file is
                             replaced atomically at the end, except for folders, whose runs append
                             to it and resume: files that already have a result line are skipped,
                             files with an error line are tried again. "{shard}" in FILE is
                             replaced by the shard index
          --jobs N           folders: N parallel workers, each with its own model instance (default 1)
          --shard I/N        folders: process only part I of N (0-based) of the sorted file list;
                             the parts of all I cover every file exactly once
          --shard-count N    folders: N parts, the index I from JOB_COMPLETION_INDEX (Kubernetes
                             Indexed Jobs, 0-based) or SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN
                             (Slurm arrays, any base)
          --quiet            no progress bar (it is also off when standard error is not a terminal)
        """

    /// `--overlay`: a file for images, videos and streams, a folder for folder inputs.
    var overlay: String?
    /// `--json-out`, with `{shard}` replaced.
    var jsonOut: String?
    /// `--jobs`, 1…64.
    var jobs: Int
    /// `--shard` / `--shard-count`.
    var shard: Shard
    /// `--quiet`.
    var quiet: Bool

    init(_ arguments: ArgumentList, environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) {
        overlay = arguments.value("overlay")
        jobs = try arguments.value("jobs", default: 1) { Int($0).flatMap { (1...64).contains($0) ? $0 : nil } }
        shard = try Shard.resolve(shard: arguments.value("shard"), shardCount: arguments.value("shard-count"),
                                  environment: environment)
        quiet = arguments.flag("quiet")
        let shardIndex = shard.index
        jsonOut = arguments.value("json-out").map { $0.replacingOccurrences(of: "{shard}", with: String(shardIndex)) }
        if let overlay, overlay.isEmpty { throw UsageError("--overlay needs a path") }
        if let jsonOut, jsonOut.isEmpty { throw UsageError("--json-out needs a path") }
    }
}

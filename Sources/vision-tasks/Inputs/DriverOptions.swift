import Foundation
import Inference

/// What the input drivers take from a task command's flags: the shared output flags
/// (``TaskRunOptions``) and their own, for folders (`--jobs`, `--shard`, `--shard-count`).
struct DriverOptions: Sendable {
    static let jobs = Option<Int>(
        name: "jobs", placeholder: "N|auto", defaultValue: 1, defaultText: "1",
        help: "folders: N parallel workers, each with its own model instances and --threads inference threads (1 each when N > 1); auto: one per processor this process may use, at most 8",
        expected: "a whole number from 1 to 64, or auto") { word in
            word == "auto" ? automaticJobs : Int(word).flatMap { (1...64).contains($0) ? $0 : nil }
        }

    /// `--jobs auto`: one worker per processor the process may use (its CPU affinity), at most 8.
    static let automaticJobs = min(UsableProcessors.count, 8)
    static let shard = Option<String?>.text(
        "shard", "I/N",
        help: "folders: process only part I of N (0-based) of the sorted file list (files I, I+N, I+2N, ...); the N parts cover every file exactly once")
    static let shardCount = Option<String?>.text(
        "shard-count", "N",
        help: "folders: N parts, with the index I read from JOB_COMPLETION_INDEX (Kubernetes Indexed Jobs, 0-based) or else SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN (Slurm job arrays, so --array=0-7 and 1-8 both work)")

    static let declarations = [jobs.declaration, shard.declaration, shardCount.declaration]

    /// How videos, streams and folders run, after the option lines of the help.
    static let notes = """
          Videos: --overlay OUT.mp4 draws every frame (H.264 when FFmpeg has it, else MPEG-4); the
          JSON Lines have one object per frame with timestampInMilliseconds from the container.
          Streams (rtsp://, http(s)://, udp://, file://, ..., /dev/video*, a named pipe) run in
          live-stream mode, dropping frames while the task is busy; Ctrl-C (SIGINT) or SIGTERM
          ends them with every result written (exit status 0). Videos and folders stop on a
          signal with their output flushed (exit status 130).
          Folders (recursive; sorted; hidden files and other file types left out): one JSON line
          per file, {"file":"<relative path>",...result...}, {"file":...,"error":"..."} for a file
          that failed; a video's frames go to FILE.frames/<path>.jsonl beside --json-out FILE
          (its line: {"file":...,"framesFile":...,"frameCount":N}), or inline on standard output
          ({"file":...,"frames":[...]}). --overlay DIR mirrors the tree (images keep their name;
          videos become .mp4, other containers get .mp4 appended).
          --json-out FILE makes the run resumable: files already with a result line in FILE are
          skipped, failed ones retried, new lines appended ("{shard}" in FILE becomes the shard
          index). One run at a time may write FILE (another gets exit status 75). Failures are
          reported as they happen and listed at the end; the exit status is 1 if any failed.
        """

    /// `--overlay`: a file for images, videos and streams, a folder for folder inputs.
    var overlay: String?
    /// `--json-out`, with `{shard}` replaced by the shard index.
    var jsonOut: String?
    /// `--running-mode`, when given.
    var runningMode: RunningModeName?
    /// `--quiet`.
    var quiet: Bool
    /// `--jobs`, 1…64 (`auto` resolved).
    var jobs: Int
    /// `--shard` / `--shard-count`.
    var shard: Shard
    /// The folder-only options that were given, as `--name`, for the check that the input is a folder.
    var folderOptionsGiven: [String]

    init(arguments: ArgumentList, output: TaskRunOptions,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) {
        jobs = try arguments.value(Self.jobs)
        shard = try Shard.resolve(shard: try arguments.value(Self.shard), shardCount: try arguments.value(Self.shardCount),
                                  environment: environment)
        folderOptionsGiven = [arguments.isGiven(Self.jobs) ? Self.jobs.name : nil, arguments.isGiven(Self.shard) ? Self.shard.name : nil,
                              arguments.isGiven(Self.shardCount) ? Self.shardCount.name : nil].compactMap { $0.map { "--" + $0 } }
        overlay = output.overlayPath
        runningMode = output.runningMode
        quiet = output.isQuiet
        let shardIndex = shard.index
        jsonOut = output.jsonOutputPath.map { $0.replacingOccurrences(of: "{shard}", with: String(shardIndex)) }
    }
}

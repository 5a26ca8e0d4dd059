import Foundation

/// What the input drivers take from a task command's flags: the shared output flags
/// (``TaskRunOptions``) and their own, for folders (`--jobs`, `--shard`, `--shard-count`).
struct DriverOptions {
    static let valueOptions: Set<String> = ["jobs", "shard", "shard-count"]
    static let flagOptions: Set<String> = []

    static let help = """
          --jobs N           folders: N parallel workers (default 1), each with its own model
                             instance and --threads inference threads (1 each when N > 1)
          --shard I/N        folders: process only part I of N (0-based) of the sorted file list
                             (files I, I+N, I+2N, ...); the N parts cover every file exactly once
          --shard-count N    folders: N parts, with the index I read from JOB_COMPLETION_INDEX
                             (Kubernetes Indexed Jobs, 0-based) or else SLURM_ARRAY_TASK_ID minus
                             SLURM_ARRAY_TASK_MIN (Slurm job arrays, so --array=0-7 and 1-8 both work)

          Videos: --overlay OUT.mp4 draws every frame (H.264 when FFmpeg has it, else MPEG-4); the
          JSON Lines have one object per frame with timestampInMilliseconds from the container.
          Streams (rtsp://, http(s)://, udp://, file://, ..., /dev/video*, a named pipe) run in
          live-stream mode, dropping frames while the task is busy; Ctrl-C (SIGINT) or SIGTERM
          ends them with every result written (exit status 0). Videos and folders stop on a
          signal with their output flushed (exit status 130).
          Folders (recursive; sorted; hidden files and other file types left out): one JSON line
          per file, {"file":"<relative path>",...result...}, {"file":...,"error":"..."} for a file
          that failed, {"file":...,"frames":[...]} for a video. --overlay DIR mirrors the tree
          (images keep their name; videos become .mp4, other containers get .mp4 appended).
          --json-out FILE makes the run resumable: files already with a result line in FILE are
          skipped, failed ones retried, new lines appended ("{shard}" in FILE becomes the shard
          index). Failures are reported as they happen and listed at the end; the exit status is
          1 if any file failed.
        """

    /// `--overlay`: a file for images, videos and streams, a folder for folder inputs.
    var overlay: String?
    /// `--json-out`, with `{shard}` replaced by the shard index.
    var jsonOut: String?
    /// `--running-mode`, when given.
    var runningMode: RunningModeName?
    /// `--quiet`.
    var quiet: Bool
    /// `--jobs`, 1…64.
    var jobs: Int
    /// `--shard` / `--shard-count`.
    var shard: Shard

    init(_ request: TaskRunRequest, environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) {
        let arguments = request.arguments
        jobs = try arguments.value("jobs", default: 1) { Int($0).flatMap { (1...64).contains($0) ? $0 : nil } }
        shard = try Shard.resolve(shard: arguments.value("shard"), shardCount: arguments.value("shard-count"),
                                  environment: environment)
        overlay = request.output.overlayPath
        runningMode = request.output.runningMode
        quiet = request.output.isQuiet
        let shardIndex = shard.index
        jsonOut = request.output.jsonOutputPath.map { $0.replacingOccurrences(of: "{shard}", with: String(shardIndex)) }
    }
}

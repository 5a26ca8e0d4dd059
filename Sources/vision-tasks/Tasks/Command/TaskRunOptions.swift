/// The output options every task command shares: where results and overlays go.
struct TaskRunOptions: Sendable {
    static let runningMode = Option<RunningModeName?>.choice(
        "running-mode", ["image": .image, "video": .video, "live-stream": .liveStream], default: nil,
        help: "image, video or live-stream (default: image for images, video for video files, live-stream for streams and capture devices)")
    static let overlay = Option<String?>.text(
        "overlay", "OUT", help: "draw the results: OUT.png or OUT.jpg for an image, OUT.mp4 for a video or stream, a folder for a folder")
    static let jsonOut = Option<String?>.text(
        "json-out", "FILE", help: "write the JSON to FILE (atomically; for a folder, resumable) instead of standard output")
    static let quiet = Option<Bool>.flag("quiet", help: "no progress bar and no log lines on standard error")

    static let declarations = [runningMode.declaration, overlay.declaration, jsonOut.declaration, quiet.declaration]

    /// `--overlay`: the picture to draw the results on (its extension chooses the format).
    var overlayPath: String?
    /// `--json-out`: the results file instead of standard output.
    var jsonOutputPath: String?
    /// `--running-mode`, when given.
    var runningMode: RunningModeName?
    /// `--quiet`.
    var isQuiet: Bool

    /// Whether the overlay is a video the command draws and encodes alongside the task.
    var encodesVideo: Bool { overlayPath?.lowercased().hasSuffix(".mp4") ?? false }

    init(arguments: ArgumentList) throws(UsageError) {
        overlayPath = try arguments.value(Self.overlay)
        jsonOutputPath = try arguments.value(Self.jsonOut)
        runningMode = try arguments.value(Self.runningMode)
        isQuiet = try arguments.value(Self.quiet)
    }
}

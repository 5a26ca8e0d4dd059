/// The output options every task command shares: where results and overlays go.
struct TaskRunOptions: Sendable {
    static let valueOptions: Set<String> = ["overlay", "json-out", "running-mode"]
    static let flagOptions: Set<String> = ["quiet"]

    static let help = """
          --running-mode M   \(RunningModeName.choices) (default: image for images, video for
                             video files, live-stream for streams and capture devices)
          --overlay OUT      draw the results: OUT.png or OUT.jpg for an image, OUT.mp4 for a video
          --json-out FILE    write the JSON to FILE (atomically) instead of standard output
          --quiet            no progress bar and no log lines on standard error
        """

    /// `--overlay`: the picture to draw the results on (its extension chooses the format).
    var overlayPath: String?
    /// `--json-out`: the results file instead of standard output.
    var jsonOutputPath: String?
    /// `--running-mode`, when given.
    var runningMode: RunningModeName?
    /// `--quiet`.
    var isQuiet: Bool

    init(arguments: ArgumentList) throws(UsageError) {
        overlayPath = arguments.value("overlay")
        jsonOutputPath = arguments.value("json-out")
        if overlayPath?.isEmpty == true { throw UsageError("--overlay needs a path") }
        if jsonOutputPath?.isEmpty == true { throw UsageError("--json-out needs a path") }
        runningMode = try arguments.value("running-mode", default: nil) { RunningModeName(rawValue: $0) }
        isQuiet = arguments.flag("quiet")
    }
}

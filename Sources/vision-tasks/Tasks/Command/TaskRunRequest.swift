/// Everything a task command was asked to do: the task (its parsed spec), the input, and where
/// the results go. Single images run in ``SingleImageRun``; every other input (video files,
/// streams, capture devices, folders) goes to ``TaskInputDrivers``.
struct TaskRunRequest: Sendable {
    /// The command word, e.g. `"face-landmarker"`, for messages.
    var taskName: String
    /// The input as given: a file, URL, device or folder.
    var input: String
    /// The task's parsed options; makes one processor per worker.
    var spec: any TaskCommandSpec
    /// `--overlay`, `--json-out`, `--running-mode`, `--quiet`.
    var output: TaskRunOptions
    /// Every word after the command, for the drivers' own options (`--jobs`, `--shard`, …).
    var arguments: ArgumentList
}

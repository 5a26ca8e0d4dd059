/// Everything a task command was asked to do: the task (its parsed spec), the input, and where
/// the results go. ``TaskInputDrivers`` runs it.
struct TaskRunRequest: Sendable {
    /// The command word, e.g. `"face-landmarker"`, for messages.
    var taskName: String
    /// The input as given: a file, URL, device or folder.
    var input: String
    /// The task's parsed options; makes one processor per worker.
    var spec: any TaskCommandSpec
    /// `--overlay`, `--json-out`, `--running-mode`, `--quiet`.
    var output: TaskRunOptions
    /// The drivers' options (`--jobs`, `--shard`, …) with the output options they use.
    var drivers: DriverOptions
}

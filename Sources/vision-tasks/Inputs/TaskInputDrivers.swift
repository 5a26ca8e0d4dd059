/// The input drivers: every input of a task command that is not a single image (video files,
/// stream URLs, capture devices, folders).
///
/// This is the seam between the task commands (`Tasks/`, which run single images) and the input
/// drivers (`Inputs/`, `Batch/`, `Progress/`), which replace this file's body: their own options
/// (`--jobs`, `--shard`, …) go in ``valueOptions``/``flagOptions`` and their help in ``help``,
/// and ``run(_:)`` processes the request with `request.spec.makeProcessor(runningMode:)`.
enum TaskInputDrivers {
    /// The drivers' options that take a value, without dashes.
    static let valueOptions: Set<String> = []
    /// The drivers' flags, without dashes.
    static let flagOptions: Set<String> = []
    /// The drivers' help lines (indented two spaces), or empty.
    static let help = ""

    /// Runs the task on a video file, stream, capture device or folder.
    static func run(_ request: TaskRunRequest) throws {
        throw InputError(path: request.input, reason: "not an image file (PNG or JPEG); video, stream and folder inputs are not available yet")
    }
}

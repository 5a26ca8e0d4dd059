#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The input drivers: every input of a task command that is not a single image (video files,
/// stream URLs, capture devices, named pipes, folders), chosen by ``InputKind``.
///
/// Results go to standard output or `--json-out`, progress and failures to standard error. A run
/// stopped by SIGINT/SIGTERM flushes its output and exits with status 130, except a live stream,
/// for which a signal is the normal end (status 0).
enum TaskInputDrivers {
    /// The drivers' options that take a value, without dashes.
    static let valueOptions = DriverOptions.valueOptions
    /// The drivers' flags, without dashes.
    static let flagOptions = DriverOptions.flagOptions
    /// The drivers' help lines (indented two spaces).
    static let help = DriverOptions.help

    /// Runs the task on a video file, stream, capture device or folder.
    static func run(_ request: TaskRunRequest) throws {
        let options = try DriverOptions(request)
        let kind = try InputKind.classify(request.input)
        _ = InterruptSignal.shared
        do {
            switch (kind, options.runningMode) {
            case (.image, _):
                try SingleImageRun(request: request).run()
            case (.video(let path), .liveStream?):
                try LiveStreamRun(source: path, options: options).run(spec: request.spec)
            case (.video(let path), let mode):
                try SingleVideoRun(path: path, mode: mode == .image ? .image : .video, options: options).run(spec: request.spec)
            case (.stream(let source), let mode?):
                try SingleVideoRun(path: source, mode: mode == .image ? .image : .video, options: options).run(spec: request.spec)
            case (.stream(let source), nil):
                try LiveStreamRun(source: source, options: options).run(spec: request.spec)
            case (.folder(let path), nil):
                try FolderBatch(root: path, options: options).run(spec: request.spec)
            case (.folder, let mode?):
                throw UsageError("--running-mode \(mode.rawValue) does not apply to a folder (images run in image mode, videos in video mode)")
            }
        } catch is Interrupted {
            exit(130)
        }
    }
}

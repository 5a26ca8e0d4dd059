#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
        if case .folder = kind {} else {
            for name in ["jobs", "shard", "shard-count"] where request.arguments.value(name) != nil {
                throw UsageError("--\(name) applies to folder inputs only")
            }
        }
        if let overlay = options.overlay {
            switch kind {
            case .video, .stream:
                let lowercased = overlay.lowercased()
                guard [".mp4", ".m4v", ".mov"].contains(where: { lowercased.hasSuffix($0) }) else {
                    throw UsageError("a video's or stream's overlay is an MP4: give --overlay a path ending in .mp4")
                }
            case .folder:
                try OverlayFolder.prepare(overlay)
            case .image:
                break
            }
        }
        // Work files that killed runs left beside the outputs go first.
        for output in [options.jsonOut, kind.isFolder ? nil : options.overlay].compactMap({ $0 }) {
            LeftoverFiles.remove(besides: output)
        }
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

/// The `--overlay` folder of a folder run.
enum OverlayFolder {
    /// Creates `path` (and its parents) unless it is already a folder; fails if it is a file or
    /// cannot be created, before any work is done.
    static func prepare(_ path: String) throws(OutputError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw OutputError(path: path, reason: "--overlay for a folder input must be a folder, and this is a file")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: path, reason: "cannot create the overlay folder: \(error.localizedDescription)")
        }
    }
}

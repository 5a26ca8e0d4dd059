#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The input drivers: the one place that chooses how a task command's input runs (an image, a
/// video file, a stream URL, capture device or named pipe, a folder), by ``InputKind``.
///
/// Results go to standard output or `--json-out`, progress and failures to standard error. A run
/// stopped by SIGINT/SIGTERM flushes its output and throws ``Interrupted`` (exit status 130),
/// except a live stream, for which a signal is the normal end (status 0).
enum TaskInputDrivers {
    /// Runs the task on its input: an image, a video file, stream, capture device or folder.
    /// - Throws: ``Interrupted`` after SIGINT/SIGTERM (exit status 130), or the run's error.
    static func run(_ request: TaskRunRequest) throws {
        let options = request.drivers
        let kind = try InputKind.classify(request.input)
        if !kind.isFolder, let name = options.folderOptionsGiven.first {
            throw UsageError("\(name) applies to folder inputs only")
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

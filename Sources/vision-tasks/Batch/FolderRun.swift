import Dispatch
import Foundation
import Imaging
import Locking

/// A folder's files through `--jobs N` worker threads, each with its own ``TaskProcessor``s (one
/// per running mode it meets, made on first use). Each file gives one JSON line: its result object
/// with `"file"` (the path relative to the folder) first, or `{"file":…,"error":…}`. A video's
/// frames go to their own JSON Lines file when the run has a results file (``VideoFramesFolder``),
/// and its line is `{"file":…,"framesFile":…,"frameCount":…}`, so no line grows with a video's
/// length; on standard output its line is `{"file":…,"frames":[one object per frame]}`. Lines are
/// written as files finish, so with several jobs they are not in file order.
///
/// A file that fails is reported on standard error and as an error line; the others go on. A
/// failure that is not the file's fault (the model cannot be loaded, the output cannot be written)
/// stops the run. After SIGINT/SIGTERM no new file is started; images in progress finish, videos in
/// progress are abandoned (they have no line, so a resumed run redoes them).
final class FolderRun: @unchecked Sendable {
    /// A file that could not be processed.
    struct Failure {
        var file: FolderFile
        var reason: String
    }

    private let root: String
    private let files: [FolderFile]
    private let spec: any TaskCommandSpec
    private let overlayFolder: String?
    private let videoFrames: VideoFramesFolder?
    private let jobs: Int
    private let sink: JSONLinesSink
    private let progress: ProgressBar

    private let lock = Locked(())
    private var nextIndex = 0
    private var failures: [Failure] = []
    private var fatalFailure: (any Error)?
    private var succeeded = 0

    init(root: String, files: [FolderFile], spec: any TaskCommandSpec, overlayFolder: String?,
         videoFrames: VideoFramesFolder?, jobs: Int, sink: JSONLinesSink, progress: ProgressBar) {
        self.root = root
        self.files = files
        self.spec = spec
        self.overlayFolder = overlayFolder
        self.videoFrames = videoFrames
        self.jobs = max(1, min(jobs, max(1, files.count)))
        self.sink = sink
        self.progress = progress
    }

    /// Processes every file; returns the failures (sorted by file) and the number that succeeded.
    /// - Throws: the first fatal error (model, output), after all workers stopped.
    func run() throws -> (succeeded: Int, failures: [Failure]) {
        let group = DispatchGroup()
        for _ in 0..<jobs {
            group.enter()
            let thread = Thread { [self] in
                work()
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        if let fatalFailure { throw fatalFailure }
        return (succeeded, failures.sorted { $0.file < $1.file })
    }

    /// The file a worker should do next, or `nil` when all are taken, a signal arrived or the run failed.
    private func take() -> FolderFile? {
        lock.withLock { _ in
            guard fatalFailure == nil, !InterruptSignal.shared.isRaised, nextIndex < files.count else { return nil }
            defer { nextIndex += 1 }
            return files[nextIndex]
        }
    }

    private func stop(with error: any Error) {
        lock.withLock { _ in if fatalFailure == nil { fatalFailure = error } }
    }

    private func work() {
        var processors = WorkerProcessors(spec: spec)
        while let file = take() {
            let line: String
            var succeeded = true
            do {
                line = try process(file, with: &processors)
            } catch let error as ProcessorCreationError {
                stop(with: error.underlying)
                return
            } catch is Interrupted {
                return
            } catch {
                let reason = Self.reason(for: error, path: joined(file))
                progress.log("vision-tasks: \(joined(file)): \(reason)")
                lock.withLock { _ in failures.append(Failure(file: file, reason: reason)) }
                line = JSONValue.object([("file", file.json), ("error", .string(reason))]).serialized
                succeeded = false
            }
            do {
                try sink.write(serializedLine: line)
            } catch {
                stop(with: error)
                return
            }
            if succeeded { lock.withLock { _ in self.succeeded += 1 } }
            progress.advance()
        }
    }

    /// The file's serialized line.
    private func process(_ file: FolderFile, with processors: inout WorkerProcessors) throws -> String {
        try file.withOpenablePath(under: root) { path in
            switch MediaKind(path: file.text) {
            case .image?:
                let image = try ImageInput.loadUprightRGB(path)
                let processor = try processors.processor(for: .image)
                processor.setInputName(file.text)
                let output = try processor.processImage(image)
                if let overlayFolder {
                    let overlayPath = overlayFolder + "/" + Self.imageOverlayName(file.text)
                    try OverlayFile.write(output, on: image, to: overlayPath)
                }
                return output.json.withImageClockReset().prepending("file", file.json).serialized
            case .video?, nil:
                let overlay = overlayFolder.map { $0 + "/" + Self.videoOverlayName(file.text) }
                if let overlay {
                    try ParentFolder.create(for: overlay)
                    LeftoverFiles.remove(besides: overlay)
                }
                let processor = try processors.processor(for: .video)
                processor.setInputName(file.text)
                let video = VideoFileRun(path: path, overlayPath: overlay, keepsPartialOverlay: false)
                if let videoFrames {
                    return try videoFrames.run(video, of: file, processor: processor)
                }
                // Standard output: the frames inline, kept as text while the video runs.
                var line = #"{"file":"# + file.json.serialized + #","frames":["#
                var first = true
                try video.run(processor: processor, emit: { frame in
                    if !first { line += "," }
                    first = false
                    line += frame.serialized
                })
                return line + "]}"
            }
        }
    }

    /// The error's message without a leading `path: ` (the line and the log name the file
    /// already), where the path is the file's (`path`) or the descriptor path it was opened by.
    static func reason(for error: any Error, path: String) -> String {
        func isFilesPath(_ text: Substring) -> Bool {
            text == path || text.hasPrefix("/proc/self/fd/") || text.hasPrefix("/dev/fd/")
        }
        if let input = error as? InputError, isFilesPath(input.path[...]) { return input.reason }
        let message = readableMessage(of: error)
        if let colon = message.range(of: ": "), isFilesPath(message[..<colon.lowerBound]) {
            return String(message[colon.upperBound...])
        }
        return message
    }

    private func joined(_ file: FolderFile) -> String { root.hasSuffix("/") ? root + file.text : root + "/" + file.text }

    /// An image's overlay path relative to the overlay folder: the same path, except that files
    /// whose extension the overlay writer does not know (`.jpe`, `.jfif`) get `.png` appended.
    static func imageOverlayName(_ file: String) -> String {
        OverlayFile.format(of: file) == nil ? file + ".png" : file
    }

    /// A video's overlay path relative to the overlay folder: the same path for `.mp4`, with `.mp4`
    /// appended for other containers (`clip.mov` → `clip.mov.mp4`, so names never collide).
    static func videoOverlayName(_ file: String) -> String {
        file.lowercased().hasSuffix(".mp4") ? file : file + ".mp4"
    }
}

/// A worker's processors, made on first use for each running mode.
private struct WorkerProcessors {
    enum Mode { case image, video }
    let spec: any TaskCommandSpec
    private var image: (any TaskProcessor)?
    private var video: (any TaskProcessor)?

    init(spec: any TaskCommandSpec) { self.spec = spec }

    mutating func processor(for mode: Mode) throws(ProcessorCreationError) -> any TaskProcessor {
        do {
            switch mode {
            case .image:
                if let image { return image }
                let made = try spec.makeProcessor(runningMode: .image)
                image = made
                return made
            case .video:
                if let video { return video }
                let made = try spec.makeProcessor(runningMode: .video)
                video = made
                return made
            }
        } catch {
            throw ProcessorCreationError(underlying: error)
        }
    }
}

/// Making a task processor failed: a problem with the model or options, not with a file.
private struct ProcessorCreationError: Error {
    var underlying: any Error
}

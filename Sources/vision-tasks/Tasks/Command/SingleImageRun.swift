import Foundation
import Imaging
import Locking

/// A task command on one image file: one JSON object on standard output (or `--json-out`), and
/// the overlay when asked. The image runs in image mode unless `--running-mode` says otherwise
/// (video mode: one frame at 0 ms; live-stream mode: one frame, waited for).
struct SingleImageRun {
    let request: TaskRunRequest

    func run() throws {
        let path = request.input
        if let overlayPath = request.output.overlayPath, OverlayFile.format(of: overlayPath) == nil {
            throw OutputError(path: overlayPath, reason: "an image's overlay must be a .png, .jpg or .jpeg file")
        }
        let image = try ImageInput.loadUprightRGB(path)
        let mode = request.output.runningMode ?? .image
        let processor: any TaskProcessor
        do {
            processor = try request.spec.makeProcessor(runningMode: taskRunningMode(mode))
        } catch let error as InputError {
            throw error
        } catch {
            throw TaskSetupError(message: readableMessage(of: error))
        }
        processor.setInputName(ImageInput.fileName(of: path))
        let output: TaskOutput
        do {
            output = try process(image, with: processor, mode: mode)
        } catch let error as OutputError {
            throw error
        } catch {
            throw InputError(path: path, reason: readableMessage(of: error))
        }
        let line = output.json.serialized + "\n"
        if let jsonPath = request.output.jsonOutputPath {
            try AtomicFile.write(text: line, to: jsonPath)
        } else {
            try FileHandle.standardOutput.write(contentsOf: Data(line.utf8))
        }
        if let overlayPath = request.output.overlayPath {
            try OverlayFile.write(output, on: image, to: overlayPath)
        }
    }

    private let collected = LiveStreamCollector()

    private func taskRunningMode(_ mode: RunningModeName) -> TaskRunningMode {
        switch mode {
        case .image: .image
        case .video: .video
        case .liveStream: .liveStream(collected.receive)
        }
    }

    private func process(_ image: Image, with processor: any TaskProcessor, mode: RunningModeName) throws -> TaskOutput {
        switch mode {
        case .image:
            return try processor.processImage(image)
        case .video:
            return try processor.processVideoFrame(image, timestampInMilliseconds: 0)
        case .liveStream:
            try processor.submitLiveFrame(image, timestampInMilliseconds: 0)
            processor.finishLiveStream()
            guard let outcome = collected.outcomes.first else {
                throw InputError(path: request.input, reason: "the live stream returned no result")
            }
            return try outcome.get()
        }
    }
}

/// The task could not be set up (a missing or unusable model, a bad option value). Exit status 1.
struct TaskSetupError: Error, CustomStringConvertible {
    var message: String
    var description: String { "cannot set up the task: \(message)" }
}

/// Keeps the live-stream results of a run, for a caller that waits for them all.
final class LiveStreamCollector: @unchecked Sendable {
    private let stored = Locked<[Result<TaskOutput, any Error>]>([])

    /// The sink to pass to ``TaskRunningMode/liveStream(_:)``.
    var receive: TaskLiveStreamSink {
        { [self] outcome, _ in stored.withLock { $0.append(outcome) } }
    }

    /// The results so far, in arrival order.
    var outcomes: [Result<TaskOutput, any Error>] {
        stored.withLock { $0 }
    }
}

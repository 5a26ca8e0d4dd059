import Foundation
import Imaging

/// A task command on one image file: one JSON object on standard output (or `--json-out`), and
/// the overlay when asked. The image runs in image mode unless `--running-mode` says otherwise
/// (video mode: one frame at 0 ms; live-stream mode: one frame, waited for).
struct SingleImageRun {
    let request: TaskRunRequest

    func run() throws {
        let path = request.input
        let image = try ImageInput.loadUprightRGB(path)
        let output: TaskOutput
        do {
            output = try process(image)
        } catch let error as OutputError {
            throw error
        } catch {
            throw InputError(path: path, reason: readableMessage(of: error))
        }
        let line = output.json.serialized + "\n"
        if let jsonPath = request.output.jsonOutputPath {
            try AtomicFile.write(text: line, to: jsonPath)
        } else {
            FileHandle.standardOutput.write(Data(line.utf8))
        }
        if let overlayPath = request.output.overlayPath {
            try OverlayFile.write(output, on: image, to: overlayPath)
        }
    }

    private func process(_ image: Image) throws -> TaskOutput {
        switch request.output.runningMode ?? .image {
        case .image:
            let processor = try request.spec.makeProcessor(runningMode: .image)
            processor.setInputName(ImageInput.stem(of: request.input))
            return try processor.processImage(image)
        case .video:
            let processor = try request.spec.makeProcessor(runningMode: .video)
            processor.setInputName(ImageInput.stem(of: request.input))
            return try processor.processVideoFrame(image, timestampInMilliseconds: 0)
        case .liveStream:
            let collected = LiveStreamCollector()
            let processor = try request.spec.makeProcessor(runningMode: .liveStream(collected.receive))
            processor.setInputName(ImageInput.stem(of: request.input))
            try processor.submitLiveFrame(image, timestampInMilliseconds: 0)
            processor.finishLiveStream()
            guard let outcome = collected.outcomes.first else {
                throw InputError(path: request.input, reason: "the live stream returned no result")
            }
            return try outcome.get()
        }
    }
}

/// Keeps the live-stream results of a run, for a caller that waits for them all.
final class LiveStreamCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Result<TaskOutput, any Error>] = []

    /// The sink to pass to ``TaskRunningMode/liveStream(_:)``.
    var receive: TaskLiveStreamSink {
        { [self] outcome, _ in
            lock.lock()
            stored.append(outcome)
            lock.unlock()
        }
    }

    /// The results so far, in arrival order.
    var outcomes: [Result<TaskOutput, any Error>] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

import Foundation
import Imaging
import VideoIO
import Locking

/// Receives live results on the task's queue: writes each as a line and draws the overlay, and
/// counts the frames with a line and the frames that failed.
final class LiveResults: @unchecked Sendable {
    private let sink: JSONLinesSink
    private let progress: ProgressBar
    private let overlayPath: String?
    private let framesPerSecond: Double
    private let lock = Locked(())
    /// Submitted frames awaiting their result (only with an overlay), oldest first.
    private var pendingFrames: [(timestamp: Int, image: Image)] = []
    private var writer: VideoWriter?
    private var overlayError: (any Error)?
    private var writeError: (any Error)?
    private var written = 0
    private var failed = 0

    init(sink: JSONLinesSink, progress: ProgressBar, overlayPath: String?, framesPerSecond: Double) {
        self.sink = sink
        self.progress = progress
        self.overlayPath = overlayPath
        self.framesPerSecond = framesPerSecond
    }

    /// Keeps a submitted frame for the overlay until its result arrives (one at a time: the feeder
    /// waits for each result; the cap only guards against a task that never answers).
    func remember(_ image: Image, timestamp: Int) {
        guard overlayPath != nil else { return }
        lock.withLock { _ in
            pendingFrames.append((timestamp, image))
            if pendingFrames.count > 8 { pendingFrames.removeFirst() }
        }
    }

    func receive(_ result: Result<TaskOutput, any Error>, timestamp: Int) {
        lock.withLock { _ in
            let frameIndex = pendingFrames.firstIndex { $0.timestamp == timestamp }
            let frame = frameIndex.map { pendingFrames[$0].image }
            pendingFrames.removeAll { $0.timestamp <= timestamp }
            switch result {
            case .failure(let error):
                failed += 1
                progress.log("vision-tasks: frame at \(timestamp) ms: \(readableMessage(of: error))")
            case .success(let output):
                do {
                    try sink.write(output.json.addingTimestamp(timestamp))
                    written += 1
                } catch {
                    failed += 1
                    if writeError == nil { writeError = error }
                }
                if let overlayPath, let frame, overlayError == nil {
                    do {
                        if writer == nil {
                            writer = try VideoWriter(path: overlayPath, width: frame.width, height: frame.height,
                                                     framesPerSecond: framesPerSecond, options: OverlayEncoder.writerOptions)
                        }
                        var canvas = frame
                        try output.drawOverlay(&canvas)
                        try writer?.append(canvas, timestampMilliseconds: Double(timestamp))
                    } catch {
                        overlayError = error
                        writer?.cancel()
                        progress.log("vision-tasks: overlay \(overlayPath): \(readableMessage(of: error))")
                    }
                }
                progress.advance()
            }
        }
    }

    /// Frames whose line was written, and frames the task failed on or whose line could not be
    /// written.
    var counts: (written: Int, failed: Int) { lock.withLock { _ in (written, failed) } }

    /// The first error writing a line, if any.
    var firstWriteError: (any Error)? { lock.withLock { _ in writeError } }

    /// Finishes the overlay MP4 (after the last result).
    func finishOverlay() throws {
        try lock.withLock { (_: inout ()) throws in
            if let overlayError { throw overlayError }
            guard let writer else { return }
            self.writer = nil
            try writer.finish()
        }
    }
}

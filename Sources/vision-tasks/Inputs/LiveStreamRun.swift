import Dispatch
import Foundation
import Imaging
import VideoIO

/// A stream URL, capture device or named pipe in live-stream running mode.
///
/// A reader thread (``VideoIO/LiveVideoSource``) keeps only the newest decoded frame; a feeding
/// thread hands it to the task's asynchronous call, which drops frames while it is busy, as
/// MediaPipe's live-stream mode does. Results arrive on the task's queue and are written as JSON
/// Lines (and drawn into the `--overlay` MP4) in timestamp order.
///
/// The run ends at the end of the stream or on SIGINT/SIGTERM (the normal way to stop a live
/// stream; exit status 0). Then every submitted frame's result is written, the overlay finished
/// and the output flushed. A source stuck in a blocking read (a silent pipe or device) is abandoned
/// after two seconds so the stop never hangs.
struct LiveStreamRun {
    let source: String
    let options: DriverOptions

    func run(spec: any TaskCommandSpec) throws {
        guard let live = try Self.open(source) else { return }  // stopped by a signal while opening
        let sink = try options.jsonOut.map { path throws(OutputError) in try JSONLinesSink.replacing(path) } ?? .standardOutput()
        let progress = ProgressBar(total: nil, unit: "frames", quiet: options.quiet)
        let results = LiveResults(sink: sink, progress: progress, overlayPath: options.overlay,
                                  framesPerSecond: VideoFileRun.framesPerSecond(live.info))
        let processor = try spec.makeProcessor(runningMode: .liveStream { output, timestamp in
            results.receive(output, timestamp: timestamp)
        })
        processor.setInputName(ImageInput.fileName(of: source))
        let feeder = LiveFeeder(live: live, processor: processor, results: results)
        InterruptSignal.shared.onInterrupt {
            Thread.detachNewThread { live.stop() }  // may block in a stuck read; the feeder does not wait for it
        }
        let stuck = feeder.runUntilEndOrInterrupt()
        processor.finishLiveStream()
        progress.finish()
        let overlayResult = Result { try results.finishOverlay() }
        try sink.finish()
        if stuck { _ = Unmanaged.passRetained(live) }  // never join the stuck reader; the process exit ends it
        let counts = live.frameCounts
        if !options.quiet {
            printToStandardError("vision-tasks: \(results.count) frame(s) with results, \(feeder.submitted) submitted, "
                + "\(counts.dropped) dropped by the reader while the task was busy")
        }
        try overlayResult.get()
        if let error = feeder.error, !InterruptSignal.shared.isRaised { throw error }
        if let error = results.firstWriteError { throw error }
    }
}

extension LiveStreamRun {
    /// Opens `source` on a helper thread, so that a signal can end a run whose source never
    /// answers (opening a pipe or device blocks until data comes): returns `nil` two seconds after
    /// a signal if the opening has not finished by then.
    static func open(_ source: String) throws -> LiveVideoSource? {
        let outcome = UncheckedBox<Result<LiveVideoSource, VideoError>?>(nil)
        let lock = Lock()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = Result { () throws(VideoError) in try LiveVideoSource(path: source) }
            lock.withLock { outcome.value = result }
            done.signal()
        }
        guard waitUnlessStuck(done) else { return nil }
        return try lock.withLock { outcome.value }?.get()
    }

    /// Waits for `done`; returns false if a signal arrived and two more seconds passed without it.
    static func waitUnlessStuck(_ done: DispatchSemaphore) -> Bool {
        var signalledAt: ContinuousClock.Instant?
        while done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            guard InterruptSignal.shared.isRaised else { continue }
            let now = ContinuousClock.now
            if signalledAt == nil { signalledAt = now }
            if let signalledAt, now - signalledAt > .seconds(2) { return false }
        }
        return true
    }
}

/// Feeds the newest frames to the task on its own thread until the stream ends or a signal stops it.
private final class LiveFeeder: @unchecked Sendable {
    private let live: LiveVideoSource
    private let processor: UncheckedBox<any TaskProcessor>
    private let results: LiveResults
    private let lock = Lock()
    private var closed = false
    private var clock = TimestampClock()
    private(set) var submitted = 0
    private(set) var error: (any Error)?
    private let done = DispatchSemaphore(value: 0)

    init(live: LiveVideoSource, processor: any TaskProcessor, results: LiveResults) {
        self.live = live
        self.processor = UncheckedBox(processor)
        self.results = results
    }

    /// Runs the feeding thread and waits for it; returns whether it had to be abandoned (stuck in
    /// a read two seconds after a signal). Afterwards no frame is submitted any more.
    func runUntilEndOrInterrupt() -> Bool {
        Thread.detachNewThread { [self] in
            feed()
            done.signal()
        }
        let stuck = !LiveStreamRun.waitUnlessStuck(done)
        lock.withLock { closed = true }  // waits for a submission in progress
        return stuck
    }

    private func feed() {
        do {
            while let frame = try live.nextFrame() {
                let open = try lock.withLock { () throws -> Bool in
                    guard !closed, !InterruptSignal.shared.isRaised else { return false }
                    let timestamp = clock.next(frame.timestampMilliseconds)
                    results.remember(frame.image, timestamp: timestamp)
                    try processor.value.submitLiveFrame(frame.image, timestampInMilliseconds: timestamp)
                    submitted += 1
                    return true
                }
                if !open { break }
            }
        } catch {
            lock.withLock { self.error = error }
        }
    }
}

/// Receives live results on the task's queue: writes each as a line and draws the overlay.
private final class LiveResults: @unchecked Sendable {
    private let sink: JSONLinesSink
    private let progress: ProgressBar
    private let overlayPath: String?
    private let framesPerSecond: Double
    private let lock = Lock()
    /// Submitted frames awaiting their result (only with an overlay), oldest first.
    private var pendingFrames: [(timestamp: Int, image: Image)] = []
    private var writer: VideoWriter?
    private var overlayError: (any Error)?
    private(set) var firstWriteError: (any Error)?
    private(set) var count = 0

    init(sink: JSONLinesSink, progress: ProgressBar, overlayPath: String?, framesPerSecond: Double) {
        self.sink = sink
        self.progress = progress
        self.overlayPath = overlayPath
        self.framesPerSecond = framesPerSecond
    }

    /// Keeps a submitted frame for the overlay (a few at most: the task drops frames while busy and
    /// never answers for them).
    func remember(_ image: Image, timestamp: Int) {
        guard overlayPath != nil else { return }
        lock.withLock {
            pendingFrames.append((timestamp, image))
            if pendingFrames.count > 8 { pendingFrames.removeFirst() }
        }
    }

    func receive(_ result: Result<TaskOutput, any Error>, timestamp: Int) {
        lock.withLock {
            let frameIndex = pendingFrames.firstIndex { $0.timestamp == timestamp }
            let frame = frameIndex.map { pendingFrames[$0].image }
            pendingFrames.removeAll { $0.timestamp <= timestamp }
            switch result {
            case .failure(let error):
                progress.log("vision-tasks: frame at \(timestamp) ms: \(readableMessage(of: error))")
            case .success(let output):
                do {
                    try sink.write(output.json.addingTimestamp(timestamp))
                    count += 1
                } catch {
                    if firstWriteError == nil { firstWriteError = error }
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

    /// Finishes the overlay MP4 (after the last result).
    func finishOverlay() throws {
        try lock.withLock { () throws in
            if let overlayError { throw overlayError }
            guard let writer else { return }
            self.writer = nil
            try writer.finish()
        }
    }
}

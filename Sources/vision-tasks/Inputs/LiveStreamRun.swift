import Dispatch
import Foundation
import Imaging
import VideoIO
import Locking

/// A stream URL, capture device or named pipe in live-stream running mode.
///
/// A reader thread (``VideoIO/LiveVideoSource``) decodes the frames as they arrive; a feeding
/// thread (``LiveFeeder``) hands the newest to the task's asynchronous call whenever the task is
/// free, so the frames that arrive while it is busy are dropped, as MediaPipe's live-stream mode
/// does. Results arrive on the task's queue and are written as JSON Lines (and drawn into the
/// `--overlay` MP4) in timestamp order.
///
/// The run ends at the end of the stream or on SIGINT/SIGTERM (the normal way to stop a live
/// stream; exit status 0). At the end of the stream every frame not yet processed (the last one
/// always, and those that arrived with it, such as a decoder's held-back frames) is processed;
/// on a signal, the frame in work. Then every submitted frame's result is written, the overlay
/// finished and the output flushed, and the summary on standard error accounts for every frame
/// received: processed, dropped while the task was busy, failed, or not submitted after a stop
/// (``LiveStreamTally``). A source stuck in a blocking read (a silent pipe or device) is abandoned
/// after two seconds so the stop never hangs.
struct LiveStreamRun {
    let source: String
    let options: DriverOptions

    func run(spec: any TaskCommandSpec) throws {
        // FFmpeg loads while the models do.
        VideoReader.loadFFmpegInBackground()
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
        let tally = Self.tally(live: live, feeder: feeder, results: results, processor: processor)
        if !options.quiet { printToStandardError("vision-tasks: \(tally.line)") }
        try overlayResult.get()
        if let error = feeder.error, !InterruptSignal.shared.isRaised { throw error }
        if let error = results.firstWriteError { throw error }
    }
}

extension LiveStreamRun {
    /// Counts what became of the frames, after the feeder has stopped and the task has finished.
    static func tally(live: LiveVideoSource, feeder: LiveFeeder, results: LiveResults,
                      processor: any TaskProcessor) -> LiveStreamTally {
        let source = live.frameCounts, written = results.counts
        return LiveStreamTally(received: source.delivered + source.dropped, processed: written.written,
                               dropped: source.dropped + processor.droppedLiveFrames,
                               failed: written.failed + feeder.rejected, unsubmitted: feeder.unsubmitted)
    }

    /// Opens `source` on a helper thread, so that a signal can end a run whose source never
    /// answers (opening a pipe or device blocks until data comes): returns `nil` two seconds after
    /// a signal if the opening has not finished by then.
    static func open(_ source: String) throws -> LiveVideoSource? {
        let outcome = Locked<Result<LiveVideoSource, VideoError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = Result { () throws(VideoError) in try LiveVideoSource(path: source) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        guard waitUnlessStuck(done) else { return nil }
        return try outcome.withLock { $0 }?.get()
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

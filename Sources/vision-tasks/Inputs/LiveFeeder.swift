import Dispatch
import Foundation
import VideoIO
import Locking

/// Feeds a live source's frames to the task on its own thread until the stream ends or a signal
/// stops it.
///
/// A frame is submitted only when the task is free: after each submission the feeder waits for
/// that frame's result. So the task's own live-stream flow limiter never has to drop a submitted
/// frame, every submitted frame gets its result, and the frames that arrive meanwhile wait in the
/// source, which keeps the newest (dropping the others) while the stream lasts and hands out all
/// it kept once the stream has ended (``VideoIO/LiveVideoSource``).
final class LiveFeeder: @unchecked Sendable {
    private let live: LiveVideoSource
    private let processor: UncheckedSendable<any TaskProcessor>
    private let results: LiveResults
    private let lock = Locked(())
    private var closed = false
    private var clock = TimestampClock()
    private var submittedFrames = 0
    private var unsubmittedFrames = 0
    private var rejectedFrames = 0
    private var feedError: (any Error)?
    private let done = DispatchSemaphore(value: 0)

    init(live: LiveVideoSource, processor: any TaskProcessor, results: LiveResults) {
        self.live = live
        self.processor = UncheckedSendable(processor)
        self.results = results
    }

    /// Frames handed to the task.
    var submitted: Int { lock.withLock { _ in submittedFrames } }
    /// Frames taken from the source but not handed to the task because the run was stopping.
    var unsubmitted: Int { lock.withLock { _ in unsubmittedFrames } }
    /// Frames the task refused when they were submitted (the submission threw).
    var rejected: Int { lock.withLock { _ in rejectedFrames } }
    /// The error that ended the feeding (the source's or the task's), if any.
    var error: (any Error)? { lock.withLock { _ in feedError } }

    /// Runs the feeding thread and waits for it; returns whether it had to be abandoned (stuck in
    /// a read two seconds after a signal). Afterwards no frame is submitted any more.
    func runUntilEndOrInterrupt() -> Bool {
        Thread.detachNewThread { [self] in
            feed()
            done.signal()
        }
        let stuck = !LiveStreamRun.waitUnlessStuck(done)
        lock.withLock { _ in closed = true }  // waits for a submission in progress
        return stuck
    }

    private func feed() {
        do {
            while let frame = try live.nextFrame() {
                let open = try lock.withLock { (_: inout ()) throws -> Bool in
                    guard !closed, !InterruptSignal.shared.isRaised else {
                        unsubmittedFrames += 1
                        return false
                    }
                    let timestamp = clock.next(frame.timestampMilliseconds)
                    results.remember(frame.image, timestamp: timestamp)
                    do {
                        try processor.value.submitLiveFrame(frame.image, timestampInMilliseconds: timestamp)
                    } catch {
                        rejectedFrames += 1
                        throw error
                    }
                    submittedFrames += 1
                    return true
                }
                guard open else { break }
                processor.value.finishLiveStream()  // this frame's result is written: the task is free
            }
        } catch {
            lock.withLock { _ in feedError = error }
        }
    }
}

/// What a live run did with the frames its source received; `received` always equals the sum of
/// the other four.
struct LiveStreamTally: Equatable {
    /// Frames the source decoded and handed out or dropped.
    var received: Int
    /// Frames with a result line.
    var processed: Int
    /// Frames dropped because the task was busy, by the source or by the task's flow limiter.
    var dropped: Int
    /// Frames the task failed on, or whose line could not be written.
    var failed: Int
    /// Frames taken from the source after a stop signal, not handed to the task.
    var unsubmitted: Int

    /// The summary line, e.g. `"25 frame(s) received, 20 processed, 5 dropped while the task was
    /// busy"`, with the failed and unsubmitted frames listed when there are any.
    var line: String {
        var text = "\(received) frame(s) received, \(processed) processed, \(dropped) dropped while the task was busy"
        if failed > 0 { text += ", \(failed) failed" }
        if unsubmitted > 0 { text += ", \(unsubmitted) not submitted (stopped)" }
        return text
    }
}

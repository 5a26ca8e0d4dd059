import Dispatch
import Locking

/// The mailbox between a live source's decoding thread and its consumer, guarded by the standard
/// mutex, with a semaphore the consumer waits on (each put, close and stop signals it; a wake-up
/// that finds nothing new waits again).
///
/// It keeps the frames not yet taken, oldest first, at most ``backlogLimit`` of them (the oldest
/// beyond that is dropped). While the stream lasts, a take returns the newest frame and drops the
/// older ones (the consumer was busy when they arrived). Once the input has ended (from the first
/// frame the decoder held back, which the producer marks, not only from ``close(_:)``), every
/// frame still kept is handed out, oldest first: the frames that arrive together at the end are
/// never lost to the end of the stream, however the consumer's takes interleave with them. After
/// ``stop()`` only the newest is kept. Every frame put is counted exactly once, as delivered, as
/// dropped, or (until taken) as pending. (The tasks' own flow rule for live streams, one frame in
/// work and the newest waiting, is ``Locking/LatestFrameLimiter``; this is the stream's buffer
/// before it.)
package final class LatestFrameSlot: Sendable {
    /// The most frames kept for the end of the stream.
    package let backlogLimit: Int

    private struct State {
        var pending: [VideoFrame] = []
        var ending: Result<Void, VideoError>?
        /// The input has ended and the decoder is handing out what it held back: nothing kept is
        /// dropped any more, even before ``close(_:)``.
        var draining = false
        var stopped = false
        var dropped = 0
        var delivered = 0

        /// Drops every kept frame but the newest.
        mutating func keepOnlyNewest() {
            guard pending.count > 1 else { return }
            dropped += pending.count - 1
            pending.removeFirst(pending.count - 1)
        }
    }

    private let state = Locked(State())
    private let wakeUp = DispatchSemaphore(value: 0)

    package init(backlogLimit: Int = 8) {
        precondition(backlogLimit >= 1, "the slot keeps at least the newest frame")
        self.backlogLimit = backlogLimit
    }

    /// Producer: offers the newest frame (dropping the oldest kept one beyond the limit);
    /// `endOfInput`: the input has ended, and this frame is one the decoder held back until then.
    package func put(_ frame: VideoFrame, endOfInput: Bool = false) {
        let limit = backlogLimit
        state.withLock { state in
            if endOfInput { state.draining = true }
            state.pending.append(frame)
            if state.stopped {
                state.keepOnlyNewest()
            } else if state.pending.count > limit {
                state.pending.removeFirst()
                state.dropped += 1
            }
        }
        wakeUp.signal()
    }

    /// Producer: the stream ended (`.success`) or failed; the consumer gets the kept frames first.
    package func close(_ result: Result<Void, VideoError>) {
        state.withLock { state in
            if state.ending == nil { state.ending = result }
        }
        wakeUp.signal()
    }

    /// Any thread: the run is being stopped; only the newest kept frame remains to be taken.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.keepOnlyNewest()
        }
        wakeUp.signal()
    }

    /// Consumer: waits for a frame, or the end of the stream (`nil`), or its error. While the
    /// stream lasts the newest frame is returned (older ones are dropped); after its end, the
    /// oldest kept one.
    package func take() throws(VideoError) -> VideoFrame? {
        while true {
            let outcome: Result<VideoFrame?, VideoError>? = state.withLock { state in
                if !state.pending.isEmpty {
                    if (state.ending == nil && !state.draining) || state.stopped { state.keepOnlyNewest() }
                    state.delivered += 1
                    return .success(state.pending.removeFirst())
                }
                guard let ending = state.ending else { return nil }
                if case .failure(let error) = ending {
                    state.ending = .success(())  // report the error once
                    return .failure(error)
                }
                return .success(nil)
            }
            if let outcome { return try outcome.get() }
            wakeUp.wait()
        }
    }

    /// Whether the producer has closed the stream (its end, an error or a stop).
    var hasEnded: Bool { state.withLock { $0.ending != nil } }

    package var counts: (delivered: Int, dropped: Int) { state.withLock { ($0.delivered, $0.dropped) } }
}

/// MediaPipe's flow rule for live streams: one frame in work and at most one waiting; a newer
/// frame replaces the waiting one, which is dropped (it gets no result). Used by every
/// live-stream path (the tasks' `detectAsync`, ML Kit's `process(_:completion:)` in the command
/// line), so they all drop frames the same way.
public final class LatestFrameLimiter<Frame: Sendable>: Sendable {
    /// What ``offer(_:)`` decided.
    public enum Admission: Sendable, Equatable {
        /// Nothing was in work: the caller processes the frame now, then calls ``next()``.
        case startNow
        /// A frame is in work: this one waits; `droppedOne` when it replaced a waiting frame.
        case waits(droppedOne: Bool)
    }

    private struct State {
        var isFrameInWork = false
        var waiting: Frame?
    }

    private let state = Locked(State())

    public init() {}

    /// Offers a frame.
    public func offer(_ frame: Frame) -> Admission {
        state.withLock { state in
            guard state.isFrameInWork else {
                state.isFrameInWork = true
                return .startNow
            }
            let dropped = state.waiting != nil
            state.waiting = frame
            return .waits(droppedOne: dropped)
        }
    }

    /// Called when the frame in work is done: the waiting frame, which is now in work, or nil
    /// when none waits (nothing is in work any more).
    public func next() -> Frame? {
        state.withLock { state in
            guard let frame = state.waiting else {
                state.isFrameInWork = false
                return nil
            }
            state.waiting = nil
            return frame
        }
    }

    /// Drops the waiting frame, if any; returns whether there was one. A frame in work finishes.
    public func dropWaiting() -> Bool {
        state.withLock { state in
            defer { state.waiting = nil }
            return state.waiting != nil
        }
    }
}

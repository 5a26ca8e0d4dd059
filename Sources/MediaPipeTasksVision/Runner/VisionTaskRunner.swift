import Dispatch
import Foundation
import Locking
import VisionPipeline

/// The running-mode machinery the three vision tasks share (MediaPipe's vision task runner plus
/// its C++ task runner and flow limiter), over one graph call `process(image, timestampMs)`.
///
/// * Mode checks: each detect call must match the task's ``RunningMode``.
/// * Timestamps: video and live-stream timestamps must increase strictly (an equal value fails);
///   image mode uses MediaPipe's synthetic clock 0, 1000, 2000, … ms.
/// * Serialization: graph calls never overlap (a lock); synchronous calls from several threads
///   are processed one at a time, in the order they take the lock.
/// * Live stream (``submit(_:timestampInMilliseconds:deliver:)``): at most one frame is being
///   processed and one waits; a newer frame replaces the waiting one, which is dropped without a
///   callback. Processing and the callback both run on ``callbackQueue``, a private serial queue
///   named like MediaPipe's (`com.mediapipe.tasks.vision.<task>_<UUID>`); a frame leaves the
///   flight slot only after its callback returns, so a slow delegate throttles the stream instead
///   of piling up results.
package final class VisionTaskRunner<Output: Sendable>: @unchecked Sendable {
    /// Runs the graph on one image with its timestamp in milliseconds.
    package typealias Process = (PipelineImage, Int) throws(PipelineError) -> Output
    /// Receives a live-stream outcome on ``callbackQueue``: the graph output and the frame's
    /// timestamp, or the error and `Int.min` (MediaPipe's unset timestamp, which its failure
    /// callbacks carry).
    package typealias Deliver = @Sendable (Result<Output, NSError>, Int) -> Void

    package let runningMode: RunningMode
    /// The private serial queue of live-stream processing and callbacks.
    package let callbackQueue: DispatchQueue

    private let process: Process
    private let resetGraph: () -> Void
    /// Held for every graph call (and, in the synchronous modes, for the timestamp check too).
    private let graphLock = Locked(())
    /// The timestamps and counters; never held while processing.
    private let state = Locked(RunnerState())
    private let limiter = LatestFrameLimiter<LiveStreamFrame>()

    private struct RunnerState {
        var lastTimestamp: Int?
        var nextImageTimestamp = 0
        var counters = LiveStreamCounters()

        /// Records `timestamp` if it is later than the last one.
        mutating func accept(_ timestamp: Int) -> Bool {
            if let last = lastTimestamp, timestamp <= last { return false }
            lastTimestamp = timestamp
            return true
        }
    }

    private struct LiveStreamFrame: Sendable {
        let image: PipelineImage
        let timestamp: Int
        let deliver: Deliver
    }

    /// Checks MediaPipe's delegate rule before anything is loaded: live stream needs a delegate,
    /// the other modes must not have one.
    package static func validate(runningMode: RunningMode, hasLiveStreamDelegate: Bool) throws(NSError) {
        switch runningMode {
        case .image, .video:
            if hasLiveStreamDelegate { throw TasksError.delegateOutsideLiveStream }
        case .liveStream:
            if !hasLiveStreamDelegate { throw TasksError.liveStreamWithoutDelegate }
        }
    }

    /// `taskName` is MediaPipe's queue suffix: `faceLandmarker`, `faceDetector`, `poseLandmarker`.
    package init(taskName: String, runningMode: RunningMode, process: @escaping Process,
                 reset: @escaping () -> Void = {}) {
        self.runningMode = runningMode
        self.callbackQueue = DispatchQueue(label: "com.mediapipe.tasks.vision.\(taskName)_\(UUID().uuidString)")
        self.process = process
        self.resetGraph = reset
        callbackQueue.setSpecific(key: VisionTaskQueueKey.key, value: callbackQueue.label)
    }

    // MARK: Synchronous modes

    /// `detect(image:)`: the output and the synthetic timestamp (0, 1000, … ms).
    package func processImage(_ image: PipelineImage) throws(NSError) -> (output: Output, timestamp: Int) {
        guard runningMode == .image else { throw TasksError.wrongMode(expected: .image, actual: runningMode) }
        let outcome = graphLock.withLock { _ in
            let timestamp = state.withLock { state in
                defer { state.nextImageTimestamp &+= 1000 }
                return state.nextImageTimestamp
            }
            return (run(image, timestamp), timestamp)
        }
        return (try outcome.0.get(), outcome.1)
    }

    /// `detect(videoFrame:timestampInMilliseconds:)`.
    package func processVideoFrame(_ image: PipelineImage, timestampInMilliseconds timestamp: Int) throws(NSError) -> Output {
        guard runningMode == .video else { throw TasksError.wrongMode(expected: .video, actual: runningMode) }
        let outcome: Result<Output, NSError> = graphLock.withLock { _ in
            guard state.withLock({ $0.accept(timestamp) }) else { return .failure(TasksError.nonIncreasingTimestamp) }
            return run(image, timestamp)
        }
        return try outcome.get()
    }

    // MARK: Live stream

    /// `detectAsync(image:timestampInMilliseconds:)`: checks the mode and the timestamp, then
    /// hands the frame to the flow limiter and returns at once. `deliver` is called on
    /// ``callbackQueue`` unless the frame is dropped.
    package func submit(_ image: PipelineImage, timestampInMilliseconds timestamp: Int, deliver: @escaping Deliver) throws(NSError) {
        guard runningMode == .liveStream else { throw TasksError.wrongMode(expected: .liveStream, actual: runningMode) }
        let frame = LiveStreamFrame(image: image, timestamp: timestamp, deliver: deliver)
        // Checked and counted under the state lock, so timestamps reach the limiter in order.
        let admission: LatestFrameLimiter<LiveStreamFrame>.Admission? = state.withLock { state in
            guard state.accept(timestamp) else { return nil }
            state.counters.submitted += 1
            let admission = limiter.offer(frame)
            if case .waits(droppedOne: true) = admission { state.counters.dropped += 1 }
            return admission
        }
        guard let admission else { throw TasksError.nonIncreasingTimestamp }
        if admission == .startNow {
            callbackQueue.async { [weak self] in self?.drain(startingWith: frame) }
        }
    }

    /// Processes `first`, then whatever frame is waiting, until none is left.
    private func drain(startingWith first: LiveStreamFrame) {
        var frame: LiveStreamFrame? = first
        while let current = frame {
            let outcome = graphLock.withLock { _ in run(current.image, current.timestamp) }
            switch outcome {
            case .success: current.deliver(outcome, current.timestamp)
            case .failure: current.deliver(outcome, Int.min)
            }
            state.withLock { $0.counters.delivered += 1 }
            frame = limiter.next()
        }
    }

    // MARK: Reset and statistics

    /// Forgets tracking and smoothing state and the last timestamp, so the task can start a new
    /// video (timestamps may start again from 0). A live-stream frame that is waiting is dropped;
    /// one being processed finishes first.
    package func reset() {
        state.withLock { state in
            if limiter.dropWaiting() { state.counters.dropped += 1 }
            state.lastTimestamp = nil
        }
        graphLock.withLock { _ in resetGraph() }
    }

    /// Live-stream counters (frames accepted, dropped, delivered), for tests and diagnostics.
    package var liveStreamCounters: LiveStreamCounters {
        state.withLock { $0.counters }
    }

    // MARK: Helpers

    /// One graph call; the caller holds `graphLock`.
    private func run(_ image: PipelineImage, _ timestamp: Int) -> Result<Output, NSError> {
        do throws(PipelineError) {
            return .success(try process(image, timestamp))
        } catch {
            return .failure(error.tasksError)
        }
    }
}

/// Counts of the live-stream flow limiter.
package struct LiveStreamCounters: Sendable, Equatable {
    /// Frames accepted by `detectAsync`.
    package var submitted = 0
    /// Frames replaced by a newer one (or discarded by `reset()`) before processing: no callback.
    package var dropped = 0
    /// Frames processed and delivered (success or failure).
    package var delivered = 0

    package init(submitted: Int = 0, dropped: Int = 0, delivered: Int = 0) {
        self.submitted = submitted
        self.dropped = dropped
        self.delivered = delivered
    }
}

/// Identifies a task's callback queue from inside it (`DispatchQueue.getSpecific(key:)` returns
/// the queue's label there).
package enum VisionTaskQueueKey {
    package static let key = DispatchSpecificKey<String>()
}

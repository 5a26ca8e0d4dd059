#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mailbox between a live source's decoding thread and its consumer, guarded by a pthread
/// mutex and condition variable.
///
/// It keeps the frames not yet taken, oldest first, at most ``backlogLimit`` of them (the oldest
/// beyond that is dropped). While the stream lasts, a take returns the newest frame and drops the
/// older ones (the consumer was busy when they arrived). Once the stream has ended, every frame
/// still kept is handed out, oldest first: the frames that arrive together at the end (those a
/// decoder holds back until its input ends) are never lost to the end of the stream. After
/// ``stop()`` only the newest is kept. Every frame put is counted exactly once, as delivered, as
/// dropped, or (until taken) as pending.
final class LatestFrameSlot: @unchecked Sendable {
    /// The most frames kept for the end of the stream.
    let backlogLimit: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var pending: [VideoFrame] = []
    private var ending: Result<Void, VideoError>?
    private var stopped = false
    private var dropped = 0
    private var delivered = 0

    init(backlogLimit: Int = 8) {
        precondition(backlogLimit >= 1, "the slot keeps at least the newest frame")
        self.backlogLimit = backlogLimit
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Drops every kept frame but the newest; the caller holds the mutex.
    private func keepOnlyNewest() {
        guard pending.count > 1 else { return }
        dropped += pending.count - 1
        pending.removeFirst(pending.count - 1)
    }

    /// Producer: offers the newest frame (dropping the oldest kept one beyond the limit).
    func put(_ frame: VideoFrame) {
        locked {
            pending.append(frame)
            if stopped {
                keepOnlyNewest()
            } else if pending.count > backlogLimit {
                pending.removeFirst()
                dropped += 1
            }
            pthread_cond_signal(condition)
        }
    }

    /// Producer: the stream ended (`.success`) or failed; the consumer gets the kept frames first.
    func close(_ result: Result<Void, VideoError>) {
        locked {
            if ending == nil { ending = result }
            pthread_cond_broadcast(condition)
        }
    }

    /// Any thread: the run is being stopped; only the newest kept frame remains to be taken.
    func stop() {
        locked {
            stopped = true
            keepOnlyNewest()
            pthread_cond_broadcast(condition)
        }
    }

    /// Consumer: waits for a frame, or the end of the stream (`nil`), or its error. While the
    /// stream lasts the newest frame is returned (older ones are dropped); after its end, the
    /// oldest kept one.
    func take() throws(VideoError) -> VideoFrame? {
        let outcome: Result<VideoFrame?, VideoError> = locked {
            while pending.isEmpty && ending == nil { pthread_cond_wait(condition, mutex) }
            if !pending.isEmpty {
                if ending == nil || stopped { keepOnlyNewest() }
                delivered += 1
                return .success(pending.removeFirst())
            }
            if case .failure(let error)? = ending {
                ending = .success(())  // report the error once
                return .failure(error)
            }
            return .success(nil)
        }
        return try outcome.get()
    }

    /// Whether the producer has closed the stream (its end, an error or a stop).
    var hasEnded: Bool { locked { ending != nil } }

    var counts: (delivered: Int, dropped: Int) { locked { (delivered, dropped) } }
}

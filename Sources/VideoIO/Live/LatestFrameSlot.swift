#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-frame mailbox between a producer thread and a consumer: a new frame replaces one that was
/// not yet taken (which counts as dropped). Guarded by a pthread mutex and condition variable.
final class LatestFrameSlot: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var pending: VideoFrame?
    private var ending: Result<Void, VideoError>?
    private var dropped = 0
    private var delivered = 0

    init() {
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

    /// Producer: offers the newest frame, replacing (dropping) an untaken one.
    func put(_ frame: VideoFrame) {
        locked {
            if pending != nil { dropped += 1 }
            pending = frame
            pthread_cond_signal(condition)
        }
    }

    /// Producer: the stream ended (`.success`) or failed; the consumer gets the pending frame first.
    func close(_ result: Result<Void, VideoError>) {
        locked {
            if ending == nil { ending = result }
            pthread_cond_broadcast(condition)
        }
    }

    /// Consumer: waits for a frame, or the end of the stream (`nil`), or its error.
    func take() throws(VideoError) -> VideoFrame? {
        let outcome: Result<VideoFrame?, VideoError> = locked {
            while pending == nil && ending == nil { pthread_cond_wait(condition, mutex) }
            if let frame = pending {
                pending = nil
                delivered += 1
                return .success(frame)
            }
            if case .failure(let error)? = ending {
                ending = .success(())  // report the error once
                return .failure(error)
            }
            return .success(nil)
        }
        return try outcome.get()
    }

    var counts: (delivered: Int, dropped: Int) { locked { (delivered, dropped) } }
}

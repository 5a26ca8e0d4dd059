#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a mutex: the package's one lock.
///
/// It has the standard library's `Mutex` shape (`withLock { value in … }`), on a pthread mutex.
/// The standard `Mutex` cannot be used: on Linux its contended path runs in the uninstrumented
/// `libswiftSynchronization`, so ThreadSanitizer never sees that path acquire the lock, and it
/// reports races on data the lock guards (a 4-thread counter under `Mutex` gives a correct total
/// and a race report). ThreadSanitizer intercepts pthread mutexes, so races it reports here are
/// real.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The value lives in its own allocation, reached only through this pointer under the lock,
    /// so ThreadSanitizer checks its bytes against the mutex (a stored property of a zero-sized
    /// type such as `()` showed up to it as an access outside the lock).
    private let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    package init(_ value: Value) {
        storage.initialize(to: value)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.pointee)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time the calling thread has used so far: unlike wall time, it does not grow when other
/// processes compete for the cores, so per-stage costs stay comparable on a busy machine.
func threadCPUTime() -> Duration {
    var time = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return .zero }
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}

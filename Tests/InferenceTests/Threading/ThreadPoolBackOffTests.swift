import CThreadPool
import Foundation
import Testing

/// After workers stall loops again and again (their core is contended), the pool runs loops on
/// their callers alone for a while, but never for long: a long batch gets its second core back
/// (CThreadPool's ThreadPool.c, VT_SERIAL_MAX_NS = 400 ms). A lone stall (the host pausing a
/// virtual machine's core for a moment) costs only its wait (VT_STALL_REPEAT_LOOPS).
@Suite struct ThreadPoolBackOffTests {
    /// What each item sees: the caller's thread, whose items take 1 µs, while a worker's take
    /// 200 µs (its chunk of 125 items 25 ms), as if the scheduler had given its core to another
    /// process.
    final class Context {
        let caller = pthread_self()
    }

    static let item: vt_task_1d = { context, _ in
        let context = Unmanaged<Context>.fromOpaque(context!).takeUnretainedValue()
        if pthread_equal(pthread_self(), context.caller) != 0 {
            let start = DispatchTime.now().uptimeNanoseconds
            while DispatchTime.now().uptimeNanoseconds - start < 1_000 {}
        } else {
            usleep(200)
        }
    }

    @Test func serialPeriodsAfterStallsStayShort() throws {
        let pool = try #require(vt_pool_make(2))
        defer { vt_pool_free(pool) }
        let context = Context()
        let opaque = Unmanaged.passUnretained(context).toOpaque()
        var lastParallel = DispatchTime.now().uptimeNanoseconds
        var longestSerial: UInt64 = 0
        var serialLoops: UInt64 = 0
        let end = lastParallel + 3_000_000_000                    // 3 s of loops, each stalled by its worker
        while DispatchTime.now().uptimeNanoseconds < end {
            let before = vt_pool_statistics_of(pool)
            vt_pool_parallelize_1d(pool, Self.item, opaque, 2_000, 0)
            let after = vt_pool_statistics_of(pool)
            let now = DispatchTime.now().uptimeNanoseconds
            if after.parallel_loops > before.parallel_loops {
                lastParallel = now
            } else {
                serialLoops += 1
                longestSerial = max(longestSerial, now - lastParallel)
            }
        }
        withExtendedLifetime(context) {}
        #expect(serialLoops > 0, "the stalls made the pool run loops alone")
        // Without the bound the periods doubled: 0.1, 0.2, 0.4, 0.8, 1.6 s within these 3 s.
        #expect(longestSerial < 700_000_000, "the pool ran loops alone for \(Double(longestSerial) / 1e9) s at a stretch")
    }

    /// Items of 1 µs, except the first item a worker takes after ``stallNext()``, which sleeps 50 ms
    /// (far beyond any pace the caller's own items could excuse); the caller's first item of that
    /// loop waits until a worker has taken it, so that the loop surely stalls.
    final class OneStall: @unchecked Sendable {
        let caller = pthread_self()
        private let lock = NSLock()
        private var pending = false

        func stallNext() { lock.withLock { pending = true } }
        var isPending: Bool { lock.withLock { pending } }

        func takeStall() -> Bool {
            lock.withLock {
                defer { pending = false }
                return pending
            }
        }
    }

    static let oneStallItem: vt_task_1d = { context, _ in
        let context = Unmanaged<OneStall>.fromOpaque(context!).takeUnretainedValue()
        if pthread_equal(pthread_self(), context.caller) != 0 {
            let start = DispatchTime.now().uptimeNanoseconds
            while context.isPending, DispatchTime.now().uptimeNanoseconds - start < 2_000_000_000 {}
        } else if context.takeStall() {
            usleep(50_000)
            return
        }
        let start = DispatchTime.now().uptimeNanoseconds
        while DispatchTime.now().uptimeNanoseconds - start < 1_000 {}
    }

    /// Runs loops on a new pool of two threads, a stalling one where `stalls` says; whether each
    /// ran across the pool's threads.
    static func runLoops(stalls: [Bool]) throws -> [Bool] {
        let pool = try #require(vt_pool_make(2))
        defer { vt_pool_free(pool) }
        let context = OneStall()
        let opaque = Unmanaged.passUnretained(context).toOpaque()
        let parallel = stalls.map { stalls in
            if stalls { context.stallNext() }
            let before = vt_pool_statistics_of(pool).parallel_loops
            vt_pool_parallelize_1d(pool, Self.oneStallItem, opaque, 2_000, 0)
            return vt_pool_statistics_of(pool).parallel_loops > before
        }
        withExtendedLifetime(context) {}
        return parallel
    }

    @Test func aLoneStallCostsOnlyItsWait() throws {
        // A new pool has never stalled, so its first stall is a lone one whatever else the machine runs.
        #expect(try Self.runLoops(stalls: [true, false]) == [true, true], "after one stall, loops still run across the threads")
    }

    @Test func aSecondStallSoonAfterMakesThePoolBackOff() throws {
        #expect(try Self.runLoops(stalls: [true, true, false]) == [true, true, false], "the third loop ran on its caller alone")
    }
}

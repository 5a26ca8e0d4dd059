#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the command does differently on Linux and on Apple systems, in one place
/// (docs/platforms.md §5). Everything else it calls is POSIX.
enum Platform {
    /// A path that opens the file behind `descriptor` while the descriptor stays open.
    static func descriptorPath(_ descriptor: Int32) -> String {
        #if os(Linux)
        "/proc/self/fd/\(descriptor)"
        #else
        "/dev/fd/\(descriptor)"
        #endif
    }

    /// Lowers the calling thread's priority by `niceness`. Only Linux has a nice value per thread;
    /// elsewhere it is the process's, so nothing changes.
    static func lowerCallingThreadPriority(by niceness: Int32) {
        #if os(Linux)
        // `who` 0 with PRIO_PROCESS is the calling thread on Linux.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }

    /// Tells glibc's allocator to keep the memory the process has used for the next picture: one
    /// arena for all threads, no buffer in a mapping of its own, and up to 512 MB of free heap kept.
    /// By default large buffers go back to the kernel when freed, and the kernel faults in and
    /// zeroes them again for the next picture: a third of a pose run on large photos
    /// (docs/platforms.md §5 has the measurements; peak memory measured the same or lower).
    static func keepAllocatorMemory() {
        #if canImport(Glibc)
        // Swift's Glibc module leaves out <malloc.h>; a null handle is RTLD_DEFAULT.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        // <malloc.h>'s M_ARENA_MAX, M_MMAP_MAX and M_TRIM_THRESHOLD.
        let arenaMax: Int32 = -8, mmapMax: Int32 = -4, trimThreshold: Int32 = -1
        _ = mallopt(arenaMax, 1)
        _ = mallopt(mmapMax, 0)
        _ = mallopt(trimThreshold, 512 << 20)
        #endif
    }

    /// `open(2)` with a mode (the C library's name is shadowed where this is called).
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags, mode)
        #else
        Darwin.open(path, flags, mode)
        #endif
    }

    /// `write(2)` (the C library's name is shadowed where this is called).
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Asks the kernel to fault in, in one call, the whole pages of `buffer` that are not yet in
/// memory (glibc on Linux 5.14 and later: `MADV_POPULATE_WRITE`), where first writes would fault
/// them in a page at a time, which costs microseconds a page on a virtual machine
/// (docs/engine.md §3.3). The bytes keep their values. Elsewhere, or when the kernel declines, it
/// does nothing: the pages fault in on first touch as usual.
public func prefault(_ buffer: UnsafeMutableRawBufferPointer) {
    #if canImport(Glibc)
    guard let start = buffer.baseAddress else { return }
    let pageSize = Int(getpagesize())
    let first = (Int(bitPattern: start) + pageSize - 1) / pageSize * pageSize
    let end = (Int(bitPattern: start) + buffer.count) / pageSize * pageSize
    guard end > first, let pages = UnsafeMutableRawPointer(bitPattern: first) else { return }
    let populateWrite: Int32 = 23  // <sys/mman.h>'s MADV_POPULATE_WRITE
    _ = madvise(pages, end - first, populateWrite)
    #endif
}

import FileIO
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct PrefaultTests {
    /// Faulting in keeps every byte's value, also where the range starts and ends inside a page.
    @Test func keepsTheBytes() {
        let count = 3 << 20 + 123
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 64)
        defer { bytes.deallocate() }
        for index in 0..<count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        prefault(UnsafeMutableRawBufferPointer(rebasing: bytes[5..<(count - 72)]))
        prefault(UnsafeMutableRawBufferPointer(rebasing: bytes[0..<0]))
        #expect((0..<count).allSatisfy { bytes[$0] == UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    }

    #if canImport(Glibc)
    /// On Linux the pages of a fresh mapping are in memory after the call, zero, before any touch.
    @Test func faultsInAFreshMapping() throws {
        let pageSize = Int(getpagesize()), pages = 64
        let mapped = try #require(mmap(nil, pages * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        try #require(mapped != MAP_FAILED)
        defer { munmap(mapped, pages * pageSize) }
        func residentPages() -> Int {
            var vector = [UInt8](repeating: 0, count: pages)
            #expect(mincore(mapped, pages * pageSize, &vector) == 0)
            return vector.filter { $0 & 1 != 0 }.count
        }
        #expect(residentPages() == 0)
        prefault(UnsafeMutableRawBufferPointer(start: mapped, count: pages * pageSize))
        #expect(residentPages() == pages)
        let values = mapped.assumingMemoryBound(to: UInt8.self)
        #expect((0..<pages * pageSize).allSatisfy { values[$0] == 0 })
    }
    #endif
}

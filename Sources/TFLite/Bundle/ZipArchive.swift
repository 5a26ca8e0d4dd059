import FileIO

/// A zip archive read from memory (PKWARE APPNOTE.TXT): the end-of-central-directory record, the
/// central directory, and each member's local header. Stored and deflated members are supported;
/// zip64, encryption, multi-disk archives and other methods are rejected with an error.
struct ZipArchive {
    /// One member, as listed in the central directory.
    struct Entry {
        var name: String
        var method: Int
        var flags: Int
        var crc32: UInt32
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeaderOffset: Int
    }

    /// The largest member we inflate (1 GiB); a bigger declared size is treated as hostile.
    static let maxMemberSize = 1 << 30
    /// Deflate cannot compress better than about 1032:1, so a larger declared ratio is a lie.
    static let maxDeflateRatio = 1032

    let data: ZipBytes
    let entries: [Entry]

    private static let endOfCentralDirectorySignature = 0x0605_4b50
    private static let zip64LocatorSignature = 0x0706_4b50
    private static let centralHeaderSignature = 0x0201_4b50
    private static let localHeaderSignature = 0x0403_4b50

    /// Reads the directory of the archive whose bytes from offset `start` on are `bytes` (its
    /// tail, or all of it from 0). A member's contents can be read only where `bytes` holds them.
    init(bytes: [UInt8], start: Int = 0) throws {
        let data = ZipBytes(bytes: bytes, start: start)
        self.data = data
        let end = try Self.findEndOfCentralDirectory(data)
        if end >= 20, try data.u32(at: end - 20, "zip64 locator") == Self.zip64LocatorSignature {
            throw ModelError.bundle(detail: "zip64 archives are not supported")
        }
        let disk = try data.u16(at: end + 4, "disk number")
        let directoryDisk = try data.u16(at: end + 6, "central directory disk")
        let entriesOnDisk = try data.u16(at: end + 8, "entries on this disk")
        let entryCount = try data.u16(at: end + 10, "entry count")
        let directorySize = try data.u32(at: end + 12, "central directory size")
        let directoryOffset = try data.u32(at: end + 16, "central directory offset")
        if entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw ModelError.bundle(detail: "zip64 archives are not supported")
        }
        guard disk == 0, directoryDisk == 0, entriesOnDisk == entryCount else {
            throw ModelError.bundle(detail: "multi-disk archives are not supported")
        }
        guard directoryOffset <= end, directorySize <= end - directoryOffset else {
            throw ModelError.bundle(detail: "central directory (\(directorySize) bytes at \(directoryOffset)) overlaps its end record at \(end)")
        }
        let directoryEnd = directoryOffset + directorySize
        var entries: [Entry] = []
        entries.reserveCapacity(entryCount)
        var position = directoryOffset
        for index in 0..<entryCount {
            let (entry, next) = try Self.centralEntry(data, at: position, index: index)
            guard next <= directoryEnd else {
                throw ModelError.bundle(detail: "central directory entry \(index) runs past the directory's end")
            }
            entries.append(entry)
            position = next
        }
        self.entries = entries
    }

    /// The position of the end-of-central-directory record: the last signature whose comment
    /// length matches the bytes that follow it, searched in the last 64 KiB + 22 bytes.
    private static func findEndOfCentralDirectory(_ data: ZipBytes) throws -> Int {
        let fixedSize = 22
        guard data.count >= fixedSize else {
            throw ModelError.bundle(detail: "\(data.count) bytes is too small for a zip archive")
        }
        let lowest = max(data.start, data.count - fixedSize - 0xFFFF)
        var position = data.count - fixedSize
        while position >= lowest {
            if try data.u32(at: position, "end record") == endOfCentralDirectorySignature,
               try data.u16(at: position + 20, "comment length") == data.count - position - fixedSize {
                return position
            }
            position -= 1
        }
        throw ModelError.bundle(detail: "no end-of-central-directory record (not a zip archive)")
    }

    private static func centralEntry(_ data: ZipBytes, at position: Int, index: Int) throws -> (Entry, Int) {
        let what = "central directory entry \(index)"
        guard try data.u32(at: position, what) == centralHeaderSignature else {
            throw ModelError.bundle(detail: "\(what) at offset \(position) has no header signature")
        }
        let nameLength = try data.u16(at: position + 28, what)
        let extraLength = try data.u16(at: position + 30, what)
        let commentLength = try data.u16(at: position + 32, what)
        let entry = Entry(
            name: try data.string(at: position + 46, length: nameLength, "\(what) name"),
            method: try data.u16(at: position + 10, what),
            flags: try data.u16(at: position + 8, what),
            crc32: UInt32(try data.u32(at: position + 16, what)),
            compressedSize: try data.u32(at: position + 20, what),
            uncompressedSize: try data.u32(at: position + 24, what),
            localHeaderOffset: try data.u32(at: position + 42, what)
        )
        if entry.compressedSize == 0xFFFF_FFFF || entry.uncompressedSize == 0xFFFF_FFFF || entry.localHeaderOffset == 0xFFFF_FFFF {
            throw ModelError.bundle(detail: "member \"\(entry.name)\" uses zip64 sizes, which are not supported")
        }
        let next = position + 46 + nameLength + extraLength + commentLength
        try data.checkRange(position, length: next - position, what)
        return (entry, next)
    }

    /// The uncompressed bytes of `entry`, with its size and CRC-32 checked. Where the bytes held
    /// here lack the member (an archive read from its end), its local header and data are read
    /// from `file`, the archive's file; a stored member's data is then read straight into the
    /// array returned.
    func contents(of entry: Entry, readingFrom file: String? = nil) throws -> [UInt8] {
        let name = "member \"\(entry.name)\""
        guard entry.flags & 1 == 0 else { throw ModelError.bundle(detail: "\(name) is encrypted") }
        let local = entry.localHeaderOffset
        let header = try bytes(at: local, length: 30, from: file, "\(name) local header")
        guard try header.u32(at: local, "\(name) local header") == Self.localHeaderSignature else {
            throw ModelError.bundle(detail: "\(name) has no local header at offset \(local)")
        }
        let nameLength = try header.u16(at: local + 26, "\(name) local header")
        let extraLength = try header.u16(at: local + 28, "\(name) local header")
        let start = local + 30 + nameLength + extraLength
        guard entry.uncompressedSize <= Self.maxMemberSize else {
            throw ModelError.bundle(detail: "\(name) declares \(entry.uncompressedSize) bytes, more than the \(Self.maxMemberSize) we accept")
        }
        let stored = try bytes(at: start, length: entry.compressedSize, from: file, "\(name) data")
        let compressed = try stored.slice(at: start, length: entry.compressedSize, "\(name) data")
        let contents: [UInt8]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw ModelError.bundle(detail: "\(name) is stored but its sizes differ (\(entry.compressedSize) vs \(entry.uncompressedSize))")
            }
            if stored.start == start && stored.bytes.count == compressed.count {
                contents = stored.bytes   // read from the file for this member alone
            } else {
                contents = [UInt8](unsafeUninitializedCapacity: compressed.count) { buffer, count in
                    prefault(UnsafeMutableRawBufferPointer(buffer))
                    count = buffer.initialize(fromContentsOf: compressed)
                }
            }
        case 8:
            guard entry.uncompressedSize <= entry.compressedSize * Self.maxDeflateRatio + 1024 else {
                throw ModelError.bundle(detail: "\(name) declares an impossible compression ratio")
            }
            contents = try RawInflate.inflate(compressed, expectedSize: entry.uncompressedSize, what: name)
        default:
            throw ModelError.bundle(detail: "\(name) uses compression method \(entry.method); only stored (0) and deflate (8) are supported")
        }
        let checksum = CRC32.checksum(contents)
        guard checksum == entry.crc32 else {
            throw ModelError.bundle(
                detail: "\(name) fails its CRC-32 check (computed \(String(checksum, radix: 16)), recorded \(String(entry.crc32, radix: 16)))"
            )
        }
        return contents
    }

    /// The archive's bytes held here when they include `length` bytes at `offset`; else those
    /// bytes read from `file` (a file that has since grown shorter gives fewer, which the reads
    /// from them report), after checking that they lie inside the archive.
    private func bytes(at offset: Int, length: Int, from file: String?, _ what: @autoclosure () -> String) throws -> ZipBytes {
        guard let file, offset < data.start else { return data }
        try data.checkInArchive(offset, length: length, what())
        do {
            return ZipBytes(bytes: try FileBytes.read(file, range: offset..<offset + length), start: offset)
        } catch {
            throw ModelError.unreadable(path: file, reason: error.reason)
        }
    }
}

/// Little-endian reads from zip data, each checked against the byte count; errors are
/// ``ModelError/bundle(detail:)`` naming the field. `bytes` may be the archive's tail alone: it
/// starts at offset `start` of the archive, and every offset is the archive's.
struct ZipBytes {
    let bytes: [UInt8]
    /// The archive offset of `bytes[0]`.
    let start: Int

    init(bytes: [UInt8], start: Int = 0) {
        self.bytes = bytes
        self.start = start
    }

    /// The archive's size.
    var count: Int { start + bytes.count }

    func checkRange(_ offset: Int, length: Int, _ what: @autoclosure () -> String) throws {
        try checkInArchive(offset, length: length, what())
        guard offset >= start else {
            throw ModelError.bundle(detail: "\(what()) (at offset \(offset)) lies before the \(bytes.count) bytes read from the archive's end")
        }
    }

    /// Throws unless `length` bytes at `offset` lie inside the archive (held here or not).
    func checkInArchive(_ offset: Int, length: Int, _ what: @autoclosure () -> String) throws {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw ModelError.bundle(detail: "\(what()) (\(length) bytes at offset \(offset)) lies outside the \(count)-byte archive")
        }
    }

    func u16(at offset: Int, _ what: @autoclosure () -> String) throws -> Int {
        try checkRange(offset, length: 2, what())
        let at = offset - start
        return Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    func u32(at offset: Int, _ what: @autoclosure () -> String) throws -> Int {
        try checkRange(offset, length: 4, what())
        let at = offset - start
        return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }

    func string(at offset: Int, length: Int, _ what: @autoclosure () -> String) throws -> String {
        String(decoding: try slice(at: offset, length: length, what()), as: UTF8.self)
    }

    func slice(at offset: Int, length: Int, _ what: @autoclosure () -> String) throws -> ArraySlice<UInt8> {
        try checkRange(offset, length: length, what())
        return bytes[(offset - start)..<(offset - start + length)]
    }
}

/// A bounds-checked, read-only view of a flatbuffer (https://flatbuffers.dev/internals/).
///
/// Every read checks its offset and length against the byte count and throws ``ModelError`` naming
/// the field; nothing here can trap or read outside `bytes`. All values are little-endian.
struct FlatBuffer {
    let bytes: [UInt8]
    let budget: ReadBudget

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.budget = ReadBudget(fileSize: bytes.count)
    }

    var count: Int { bytes.count }

    /// The 4-character file identifier at bytes 4..<8, or `nil` when the data is too short.
    var fileIdentifier: String? {
        guard bytes.count >= 8 else { return nil }
        return String(decoding: bytes[4..<8], as: UTF8.self)
    }

    /// Throws unless `offset..<offset+length` lies inside the data.
    func checkRange(_ offset: Int, length: Int, _ what: @autoclosure () -> String) throws {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw ModelError.outOfBounds(what: what(), offset: offset, fileSize: bytes.count)
        }
    }

    /// Reads a little-endian integer at `offset`.
    func integer<T: FixedWidthInteger>(_: T.Type, at offset: Int, _ what: @autoclosure () -> String) throws -> T {
        try checkRange(offset, length: MemoryLayout<T>.size, what())
        return bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }

    /// Reads a little-endian IEEE-754 single at `offset`.
    func float32(at offset: Int, _ what: @autoclosure () -> String) throws -> Float {
        Float(bitPattern: try integer(UInt32.self, at: offset, what()))
    }

    /// Follows the unsigned 32-bit offset stored at `offset` (flatbuffer `uoffset_t`, relative to
    /// where it is stored) and returns the absolute position it points at.
    func followOffset(at offset: Int, _ what: @autoclosure () -> String) throws -> Int {
        let relative = try integer(UInt32.self, at: offset, what())
        let target = offset + Int(relative)
        guard target < bytes.count else {
            throw ModelError.outOfBounds(what: what(), offset: target, fileSize: bytes.count)
        }
        return target
    }

    /// The root table, whose offset is the first four bytes.
    func rootTable(named name: String) throws -> FlatBufferTable {
        try checkRange(0, length: 8, "\(name) root offset")
        return try FlatBufferTable(in: self, at: try followOffset(at: 0, "\(name) root offset"), path: name)
    }
}

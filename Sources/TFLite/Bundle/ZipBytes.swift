/// Little-endian reads from zip data, each checked against the byte count; errors are
/// ``ModelError/bundle(detail:)`` naming the field.
struct ZipBytes {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    func checkRange(_ offset: Int, length: Int, _ what: @autoclosure () -> String) throws {
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw ModelError.bundle(detail: "\(what()) (\(length) bytes at offset \(offset)) lies outside the \(bytes.count)-byte archive")
        }
    }

    func u16(at offset: Int, _ what: @autoclosure () -> String) throws -> Int {
        try checkRange(offset, length: 2, what())
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    func u32(at offset: Int, _ what: @autoclosure () -> String) throws -> Int {
        try checkRange(offset, length: 4, what())
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    func string(at offset: Int, length: Int, _ what: @autoclosure () -> String) throws -> String {
        try checkRange(offset, length: length, what())
        return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
    }
}

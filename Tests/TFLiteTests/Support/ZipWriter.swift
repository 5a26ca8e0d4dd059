/// Writes small zip archives in tests, so that the reader can be checked on archives whose exact
/// layout we control. Members are stored (method 0) or "deflated" (method 8) as a sequence of
/// stored deflate blocks (RFC 1951 §3.2.4: BTYPE 00), which every inflater must decode.
struct ZipWriter {
    struct Member {
        var name: String
        var data: [UInt8]
        var deflate: Bool
    }

    var members: [Member] = []

    mutating func add(_ name: String, _ data: [UInt8], deflate: Bool = false) {
        members.append(Member(name: name, data: data, deflate: deflate))
    }

    func archive() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for member in members {
            let payload = member.deflate ? Self.storedDeflateStream(member.data) : member.data
            let crc = CRC32Table.checksum(member.data)
            let name = Array(member.name.utf8)
            let offset = out.count
            // Local file header.
            out.appendLE(UInt32(0x0403_4b50)); out.appendLE(UInt16(20)); out.appendLE(UInt16(0))
            out.appendLE(UInt16(member.deflate ? 8 : 0)); out.appendLE(UInt16(0)); out.appendLE(UInt16(0x21))
            out.appendLE(crc); out.appendLE(UInt32(payload.count)); out.appendLE(UInt32(member.data.count))
            out.appendLE(UInt16(name.count)); out.appendLE(UInt16(0))
            out += name
            out += payload
            // Central directory header.
            central.appendLE(UInt32(0x0201_4b50)); central.appendLE(UInt16(20)); central.appendLE(UInt16(20))
            central.appendLE(UInt16(0)); central.appendLE(UInt16(member.deflate ? 8 : 0))
            central.appendLE(UInt16(0)); central.appendLE(UInt16(0x21))
            central.appendLE(crc); central.appendLE(UInt32(payload.count)); central.appendLE(UInt32(member.data.count))
            central.appendLE(UInt16(name.count)); central.appendLE(UInt16(0)); central.appendLE(UInt16(0))
            central.appendLE(UInt16(0)); central.appendLE(UInt16(0)); central.appendLE(UInt32(0))
            central.appendLE(UInt32(offset))
            central += name
        }
        let directoryOffset = out.count
        out += central
        out.appendLE(UInt32(0x0605_4b50)); out.appendLE(UInt16(0)); out.appendLE(UInt16(0))
        out.appendLE(UInt16(members.count)); out.appendLE(UInt16(members.count))
        out.appendLE(UInt32(central.count)); out.appendLE(UInt32(directoryOffset)); out.appendLE(UInt16(0))
        return out
    }

    /// A raw deflate stream made of stored blocks of at most 65,535 bytes.
    static func storedDeflateStream(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        repeat {
            let length = min(65_535, data.count - start)
            let isLast = start + length == data.count
            out.append(isLast ? 1 : 0)  // BFINAL, BTYPE 00, padding to the byte boundary
            out.appendLE(UInt16(length)); out.appendLE(~UInt16(length))
            out += data[start..<(start + length)]
            start += length
        } while start < data.count
        return out
    }
}

/// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), independent of the reader's zlib one.
enum CRC32Table {
    static let table: [UInt32] = (0..<256).map { index in
        var c = UInt32(index)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}

extension Array where Element == UInt8 {
    mutating func appendLE<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}

import CZlib

/// Raw deflate decompression (RFC 1951, no zlib or gzip header) through zlib, as zip members use.
enum RawInflate {
    /// Inflates `compressed`, which must decode to exactly `expectedSize` bytes.
    static func inflate(_ compressed: ArraySlice<UInt8>, expectedSize: Int, what: String) throws -> [UInt8] {
        var stream = z_stream()
        // windowBits -15: a raw deflate stream with a 32 KiB window.
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ModelError.bundle(detail: "zlib could not start inflating \(what)")
        }
        defer { inflateEnd(&stream) }
        // One spare byte: output longer than declared then shows up as total_out > expectedSize.
        var output = [UInt8](repeating: 0, count: expectedSize + 1)
        let status: Int32 = compressed.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == expectedSize else {
            let reason = status == Z_STREAM_END ? "it decodes to more than \(expectedSize) bytes" : "zlib status \(status)"
            throw ModelError.bundle(detail: "\(what) is not a valid deflate stream of \(expectedSize) bytes (\(reason))")
        }
        output.removeLast()
        return output
    }
}

/// The CRC-32 of zip (and PNG, gzip), computed by zlib.
enum CRC32 {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var crc = crc32(0, nil, 0)
            var offset = 0
            // zlib takes 32-bit lengths; feed large inputs in chunks.
            while offset < buffer.count {
                let chunk = min(buffer.count - offset, 1 << 30)
                crc = crc32(crc, buffer.baseAddress! + offset, uInt(chunk))
                offset += chunk
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }
}

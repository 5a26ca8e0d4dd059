import CDeflate
import CZlib

/// Raw deflate decompression (RFC 1951, no zlib or gzip header) through zlib, as zip members use.
package enum RawInflate {
    /// Inflates `compressed`, which must decode to exactly `expectedSize` bytes.
    ///
    /// The output grows as zlib produces it (starting near four times the input), so a member that
    /// declares a huge size but holds little data fails before anything large is allocated.
    package static func inflate(_ compressed: ArraySlice<UInt8>, expectedSize: Int, what: String) throws -> [UInt8] {
        var stream = z_stream()
        // windowBits -15: a raw deflate stream with a 32 KiB window.
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ModelError.bundle(detail: "zlib could not start inflating \(what)")
        }
        defer { inflateEnd(&stream) }
        // One spare byte: output longer than declared then shows up as more than expectedSize.
        let limit = expectedSize + 1
        var output = [UInt8](repeating: 0, count: min(limit, max(1 << 16, 4 * compressed.count)))
        var produced = 0
        var status = Z_OK
        compressed.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                status = output.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress.map { $0 + produced }
                    stream.avail_out = uInt(out.count - produced)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced = out.count - Int(stream.avail_out)
                    return status
                }
                // Stop at the end of the stream, on an error, when zlib stopped short of filling
                // the output (the input ran out), or when the output reached its limit; otherwise
                // grow it (at most doubling, so this loop runs a few dozen times at most).
                guard status == Z_OK || status == Z_BUF_ERROR, produced == output.count, output.count < limit else { break }
                output.append(contentsOf: repeatElement(0, count: min(output.count, limit - output.count)))
            }
        }
        guard status == Z_STREAM_END, produced == expectedSize else {
            let reason = status == Z_STREAM_END || produced > expectedSize
                ? "it decodes to more than \(expectedSize) bytes" : "zlib status \(status) after \(produced) bytes"
            throw ModelError.bundle(detail: "\(what) is not a valid deflate stream of \(expectedSize) bytes (\(reason))")
        }
        output.removeLast(output.count - produced)
        return output
    }
}

/// The CRC-32 of zip (and PNG, gzip), computed by zlib.
enum CRC32 {
    /// libdeflate's CRC-32 (carry-less multiplication where the processor has it: several times
    /// zlib's speed on a bundle's megabytes).
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
    }
}

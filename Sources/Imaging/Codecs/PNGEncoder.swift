import CDeflate
import CPixelKernels

/// Writes 8-bit gray, RGB and RGBA pixels as non-interlaced PNG files (docs/image-decoding.md §4):
/// every row Up-filtered, the zlib stream compressed by our run-length coder at level 1 and by
/// libdeflate at the other levels, in one IDAT chunk (several past 1 GiB).
enum PNGEncoder {
    /// The largest IDAT chunk written; PNG allows up to 2³¹ − 1 bytes.
    private static let maxChunkData = 1 << 30

    /// `height` rows of `width` pixels of `channels` bytes (1, 3 or 4) from `pixels`, rows
    /// `rowStride` bytes apart, as a PNG file. `compressionLevel` is zlib's 0…9.
    static func encode(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, rowStride: Int, channels: Int,
                       compressionLevel: Int) throws(ImageError) -> [UInt8] {
        guard (0...9).contains(compressionLevel) else {
            throw .invalidArgument("PNG compression level \(compressionLevel) not in 0…9")
        }
        let colorType: UInt8
        switch channels {
        case 1: colorType = 0
        case 3: colorType = 2
        case 4: colorType = 6
        default: throw .invalidArgument("PNG with \(channels) bytes a pixel")
        }
        guard width > 0, height > 0 else { throw .zeroSize(width: width, height: height) }
        let tooSmall = ImageError.bufferTooSmall("\(pixels.count) bytes for \(width)×\(height) pixels of \(channels) bytes")
        guard width <= Int32.max, height <= Int32.max, rowStride >= width * channels else { throw tooSmall }
        let rowBytes = width * channels
        // Sizes that overflow need more bytes than any buffer holds.
        let (span, spanOverflow) = (height - 1).multipliedReportingOverflow(by: rowStride)
        let (count, countOverflow) = (rowBytes + 1).multipliedReportingOverflow(by: height)
        guard !spanOverflow, !countOverflow, span <= pixels.count - rowBytes, let source = pixels.baseAddress else {
            throw tooSmall
        }
        let filtered = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            vt_png_filter_up(source, rowStride, rowBytes, height, buffer.baseAddress)
            initialized = count
        }
        let stream = try zlibStream(filtered, level: compressionLevel)

        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(8 + 25 + stream.count + 12 * (stream.count / maxChunkData + 1) + 12)
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, colorType, 0, 0, 0]  // bit depth, colour type, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header[...], to: &file)
        var start = 0
        repeat {
            let end = min(start + maxChunkData, stream.count)
            appendChunk("IDAT", stream[start..<end], to: &file)
            start = end
        } while start < stream.count
        appendChunk("IEND", [][...], to: &file)
        return file
    }

    /// `data` as a zlib stream (RFC 1950): header, raw DEFLATE, Adler-32.
    private static func zlibStream(_ data: [UInt8], level: Int) throws(ImageError) -> [UInt8] {
        // CMF 0x78: deflate, 32 KiB window; FLG: the level's class, and check bits making the pair a
        // multiple of 31.
        let levelClass = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
        var flags = UInt8(levelClass << 6)
        flags += UInt8(31 - (0x78 * 256 + Int(flags)) % 31) % 31
        let deflated: [UInt8]? = data.withUnsafeBufferPointer { input in
            let source = input.baseAddress!
            if level == 1 {
                let bound = vt_deflate_runs_bound(input.count)
                return [UInt8](unsafeUninitializedCapacity: bound) { out, written in
                    written = vt_deflate_runs(source, input.count, out.baseAddress, bound)
                }
            }
            guard let compressor = libdeflate_alloc_compressor(Int32(level)) else { return nil }
            defer { libdeflate_free_compressor(compressor) }
            let bound = libdeflate_deflate_compress_bound(compressor, input.count)
            return [UInt8](unsafeUninitializedCapacity: bound) { out, written in
                written = libdeflate_deflate_compress(compressor, source, input.count, out.baseAddress, bound)
            }
        }
        guard let deflated, !deflated.isEmpty else { throw .outOfMemory }
        var stream: [UInt8] = [0x78, flags]
        stream.reserveCapacity(deflated.count + 6)
        stream += deflated
        let adler = data.withUnsafeBufferPointer { libdeflate_adler32(1, $0.baseAddress, $0.count) }
        appendBigEndian(adler, to: &stream)
        return stream
    }

    /// A chunk: length, type, data, and the CRC-32 of type and data.
    private static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian(UInt32(data.count), to: &file)
        file += typeBytes
        file += data
        var crc = typeBytes.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBufferPointer { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        appendBigEndian(crc, to: &file)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                  UInt8(truncatingIfNeeded: value)]
    }
}

import CDeflate
import CPixelKernels

/// The PNGs that cameras, screen shots and image libraries write most — 8-bit gray, RGB or RGBA,
/// not interlaced, without a transparency chunk — decoded without libpng (docs/image-decoding.md):
/// the chunks are walked here, the CRC of every critical chunk is checked, the image data is
/// inflated in one call straight into the pixel buffer (libdeflate, which checks the zlib stream's
/// Adler-32), and the rows are unfiltered in place (`vt_png_unfilter`).
///
/// Any other file, and any file in which this path meets anything unusual (a bad CRC, a chunk out
/// of order, too little or too much image data, an unknown filter), is left to libpng: ``decode``
/// returns `nil`, so what libpng reports about a damaged file is what the caller sees.
enum PNGDirectDecoder {
    /// The image in `bytes`, or `nil` when libpng is to decode it. `bytes` starts with PNG's
    /// signature. A size beyond `limits` is left to libpng as well, which throws for it before
    /// allocating anything.
    static func decode(_ bytes: [UInt8], limits: ImageLimits) -> Image? {
        bytes.withUnsafeBufferPointer { file in
            guard let layout = Layout(file), (try? limits.check(width: layout.width, height: layout.height)) != nil else { return nil }
            return layout.decode(file)
        }
    }

    /// What the walk over the chunks learnt: the header and where the image data lies.
    private struct Layout {
        let width: Int, height: Int
        let format: PixelFormat
        /// The data of each IDAT chunk, in order, as ranges of the file.
        let imageData: [Range<Int>]

        /// Walks the chunks up to IEND; `nil` unless the file is one this path decodes. The caller
        /// (``ImageDecoder``, through ``ImageFileFormat``) has checked the 8-byte signature.
        init?(_ file: UnsafeBufferPointer<UInt8>) {
            var offset = 8
            var header: (width: Int, height: Int, format: PixelFormat)?
            var imageData: [Range<Int>] = []
            var imageDataEnded = false
            while true {
                guard let chunk = Chunk(file, at: offset) else { return nil }
                offset = chunk.end
                guard chunk.isCritical else {
                    // Ancillary chunks are skipped (libpng discards one whose CRC fails); tRNS
                    // would turn the image into RGBA, which libpng does.
                    if chunk.type == Chunk.transparency { return nil }
                    if !imageData.isEmpty { imageDataEnded = true }
                    continue
                }
                guard chunk.crcMatches(file) else { return nil }
                switch chunk.type {
                case Chunk.header:   // first, and only once
                    guard chunk.data.lowerBound == 16, let parsed = Self.header(file, chunk) else { return nil }
                    header = parsed
                case Chunk.palette:
                    // A suggested palette, allowed before the image data of RGB and RGBA files.
                    guard let header, header.format != .gray8, imageData.isEmpty else { return nil }
                case Chunk.imageData:
                    guard header != nil, !imageDataEnded else { return nil }
                    imageData.append(chunk.data)
                case Chunk.end:
                    guard let header, !imageData.isEmpty, chunk.data.isEmpty else { return nil }
                    self.width = header.width
                    self.height = header.height
                    self.format = header.format
                    self.imageData = imageData
                    return
                default:
                    return nil   // an unknown critical chunk: libpng refuses the file
                }
            }
        }

        /// IHDR's fields, when they describe an image this path decodes.
        private static func header(_ file: UnsafeBufferPointer<UInt8>, _ chunk: Chunk) -> (width: Int, height: Int, format: PixelFormat)? {
            guard chunk.data.count == 13 else { return nil }
            let start = chunk.data.lowerBound
            let width = Int(Chunk.bigEndian(file, at: start)), height = Int(Chunk.bigEndian(file, at: start + 4))
            let bitDepth = file[start + 8], colorType = file[start + 9]
            let compression = file[start + 10], filter = file[start + 11], interlace = file[start + 12]
            guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
                  bitDepth == 8, compression == 0, filter == 0, interlace == 0 else { return nil }
            switch colorType {
            case 0: return (width, height, .gray8)
            case 2: return (width, height, .rgb8)
            case 6: return (width, height, .rgba8)
            default: return nil
            }
        }

        /// Inflates the image data into a buffer of the filtered rows and unfilters it in place.
        func decode(_ file: UnsafeBufferPointer<UInt8>) -> Image? {
            let pixelBytes = format.bytesPerPixel
            let rowBytes = width * pixelBytes
            let (filteredCount, overflow) = height.multipliedReportingOverflow(by: rowBytes + 1)
            guard !overflow, let decompressor = libdeflate_alloc_decompressor() else { return nil }
            defer { libdeflate_free_decompressor(decompressor) }
            var succeeded = false
            let pixels = [UInt8](unsafeUninitializedCapacity: filteredCount) { buffer, initialized in
                initialized = 0
                let result = withContiguousImageData(file) { stream in
                    libdeflate_zlib_decompress(decompressor, stream.baseAddress, stream.count, buffer.baseAddress, filteredCount, nil)
                }
                guard result == LIBDEFLATE_SUCCESS,
                      vt_png_unfilter(buffer.baseAddress, height, rowBytes, pixelBytes) == 0 else { return }
                initialized = height * rowBytes
                succeeded = true
            }
            guard succeeded else { return nil }
            return Image(uncheckedWidth: width, height: height, format: format, planes: [ImagePlane(bytes: pixels, rowStride: rowBytes)])
        }

        /// Calls `body` with the zlib stream: the one IDAT chunk's data where there is one, else
        /// all of them joined.
        private func withContiguousImageData<R>(_ file: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            if imageData.count == 1 {
                return body(UnsafeBufferPointer(rebasing: file[imageData[0]]))
            }
            var joined: [UInt8] = []
            joined.reserveCapacity(imageData.reduce(0) { $0 + $1.count })
            for range in imageData { joined.append(contentsOf: UnsafeBufferPointer(rebasing: file[range])) }
            return joined.withUnsafeBufferPointer(body)
        }
    }

    /// One chunk: length, type, data, CRC.
    private struct Chunk {
        static let header = Chunk.code("IHDR"), palette = Chunk.code("PLTE"), imageData = Chunk.code("IDAT")
        static let end = Chunk.code("IEND"), transparency = Chunk.code("tRNS")

        /// The four type bytes, big-endian.
        let type: UInt32
        /// The data's place in the file.
        let data: Range<Int>

        /// The chunk at `offset`, or `nil` when it does not fit in the file.
        init?(_ file: UnsafeBufferPointer<UInt8>, at offset: Int) {
            guard file.count - offset >= 12 else { return nil }
            let length = Int(Self.bigEndian(file, at: offset))
            guard length <= Int(Int32.max), file.count - offset - 12 >= length else { return nil }
            type = Self.bigEndian(file, at: offset + 4)
            data = offset + 8 ..< offset + 8 + length
        }

        /// Where the next chunk starts.
        var end: Int { data.upperBound + 4 }

        /// Critical chunks have an uppercase first letter (bit 5 of the first byte clear).
        var isCritical: Bool { type & 0x2000_0000 == 0 }

        /// Whether the CRC-32 of the type and data equals the stored one.
        func crcMatches(_ file: UnsafeBufferPointer<UInt8>) -> Bool {
            let covered = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(file)[data.lowerBound - 4 ..< data.upperBound])
            return libdeflate_crc32(0, covered.baseAddress, covered.count) == Self.bigEndian(file, at: data.upperBound)
        }

        static func bigEndian(_ file: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
            UInt32(file[offset]) << 24 | UInt32(file[offset + 1]) << 16 | UInt32(file[offset + 2]) << 8 | UInt32(file[offset + 3])
        }

        private static func code(_ name: StaticString) -> UInt32 {
            name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
        }
    }
}

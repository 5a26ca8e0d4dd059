import Imaging
import Testing
import TestSupport

/// The direct PNG path (docs/image-decoding.md §2) against the PNG definition: files built here,
/// every row filtered by the definition's own formulas, decode to the pixels they were made from;
/// the files it leaves to libpng, and the damaged ones, behave as before.
@Suite struct PNGDirectDecoderTests {
    @Test(arguments: [PixelFormat.gray8, .rgb8, .rgba8])
    func everyFilterDecodesToTheOriginalPixels(format: PixelFormat) throws {
        var random = SeededRandom(seed: 0x504E47)
        for (width, height) in [(1, 1), (1, 6), (2, 7), (5, 5), (37, 11), (64, 9)] {
            let image = try Self.randomImage(width: width, height: height, format: format, using: &random)
            // Every filter on every row, in turns; each row's filter drawn at random; Paeth on
            // every row (two Paeth rows are undone together).
            for filters in [(0..<height).map { $0 % 5 }, (0..<height).map { _ in Int(random.next() % 5) },
                            Array(repeating: 4, count: height)] {
                let png = PNGFile(image: image, filters: filters, idatSizes: [7, 100, 3])
                let decodedAsMade = try Image(decoding: png.bytes) == image
                #expect(decodedAsMade, "\(format) \(width)×\(height) filters \(filters)")
            }
        }
    }

    @Test(arguments: [PixelFormat.gray8, .rgb8, .rgba8])
    func smoothImagesPickEveryPredictorOfPaeth(format: PixelFormat) throws {
        // Gradients and ties make Paeth choose left, up and up-left in turn (random bytes mostly
        // choose one); each row Paeth-filtered.
        let channels = format.bytesPerPixel
        var bytes: [UInt8] = []
        for y in 0..<24 {
            for x in 0..<24 {
                for channel in 0..<channels { bytes.append(UInt8(truncatingIfNeeded: x * (channel + 1) + y * 3 + (x * y) % 7)) }
            }
        }
        let image = try Image(width: 24, height: 24, format: format, bytes: bytes)
        let png = PNGFile(image: image, filters: Array(repeating: 4, count: 24), idatSizes: [])
        let decodedAsMade = try Image(decoding: png.bytes) == image
        #expect(decodedAsMade)
    }

    @Test func transparencyChunkStillGivesRGBA() throws {
        // tRNS makes RGB into RGBA, which the direct path leaves to libpng.
        var random = SeededRandom(seed: 11)
        let image = try Self.randomImage(width: 6, height: 4, format: .rgb8, using: &random)
        let png = PNGFile(image: image, filters: [1, 2, 3, 4], idatSizes: [],
                          beforeImageData: [("tRNS", [0, 0, 0, 0, 0, 0])])
        let decoded = try Image(decoding: png.bytes)
        #expect(decoded.format == .rgba8)
        #expect(try decoded.converted(to: .rgb8) == image)
    }

    @Test func damagedFilesThrow() throws {
        var random = SeededRandom(seed: 13)
        let image = try Self.randomImage(width: 9, height: 6, format: .rgba8, using: &random)
        let png = PNGFile(image: image, filters: [0, 1, 2, 3, 4, 4], idatSizes: [20])
        #expect(try Image(decoding: png.bytes) == image)

        var badFilter = PNGFile(image: image, filters: [0, 1, 2, 3, 4, 4], idatSizes: [20])
        badFilter.filtered[3 * (1 + 9 * 4)] = 5
        #expect(throws: ImageError.self) { try Image(decoding: badFilter.bytes) }

        var badChecksum = png
        badChecksum.adler32Flip = 1
        #expect(throws: ImageError.self) { try Image(decoding: badChecksum.bytes) }

        var tooShort = png
        tooShort.filtered.removeLast(5)
        #expect(throws: ImageError.self) { try Image(decoding: tooShort.bytes) }

        var badCRC = png.bytes
        let imageData = try #require(badCRC.indices.first { badCRC[$0 ..< $0 + 4].elementsEqual("IDAT".utf8) })
        badCRC[imageData + 6] ^= 0x40
        #expect(throws: ImageError.self) { try Image(decoding: badCRC) }

        let withoutEnd = Array(png.bytes.dropLast(12))
        #expect(throws: ImageError.self) { try Image(decoding: withoutEnd) }
    }

    static func randomImage(width: Int, height: Int, format: PixelFormat, using random: inout SeededRandom) throws -> Image {
        let count = width * height * format.bytesPerPixel
        return try Image(width: width, height: height, format: format, bytes: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }
}

/// A PNG written by the test: rows filtered as the PNG specification defines, the zlib stream made
/// of stored blocks (so that no compressor is involved), split into IDAT chunks of the given sizes,
/// with ancillary chunks around the image data.
private struct PNGFile {
    let width: Int, height: Int, colorType: UInt8
    /// The filtered rows, each a filter-type byte and the row.
    var filtered: [UInt8] = []
    /// XORed into the stream's Adler-32 (non-zero to damage it).
    var adler32Flip: UInt32 = 0
    let idatSizes: [Int]
    let beforeImageData: [(String, [UInt8])]

    init(image: Image, filters: [Int], idatSizes: [Int], beforeImageData: [(String, [UInt8])] = []) {
        width = image.width
        height = image.height
        colorType = image.format == .gray8 ? 0 : image.format == .rgb8 ? 2 : 6
        self.idatSizes = idatSizes
        self.beforeImageData = beforeImageData + [("tEXt", Array("Comment\0made by a test".utf8))]
        let pixelBytes = image.format.bytesPerPixel, rowBytes = width * pixelBytes
        let pixels = image.packedBytes()
        for y in 0..<height {
            filtered.append(UInt8(filters[y]))
            for i in 0..<rowBytes {
                let a = i >= pixelBytes ? Int(pixels[y * rowBytes + i - pixelBytes]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * rowBytes + i]) : 0
                let c = y > 0 && i >= pixelBytes ? Int(pixels[(y - 1) * rowBytes + i - pixelBytes]) : 0
                let predicted = switch filters[y] {
                case 1: a
                case 2: b
                case 3: (a + b) / 2
                case 4: Self.paeth(a, b, c)
                default: 0
                }
                filtered.append(UInt8(truncatingIfNeeded: Int(pixels[y * rowBytes + i]) - predicted))
            }
        }
    }

    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// The zlib stream: header, stored blocks of at most 40 000 bytes, Adler-32.
    var zlibStream: [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 40_000, filtered.count)
            let length = UInt16(end - start)
            stream += [end == filtered.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += filtered[start ..< end]
            start = end
        } while start < filtered.count
        return stream + Self.bigEndian(Self.adler32(filtered) ^ adler32Flip)
    }

    var bytes: [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0])
        for (type, data) in beforeImageData { file += Self.chunk(type, data) }
        var stream = zlibStream[...]
        for size in idatSizes where !stream.isEmpty {
            file += Self.chunk("IDAT", Array(stream.prefix(size)))
            stream = stream.dropFirst(size)
        }
        if !stream.isEmpty { file += Self.chunk("IDAT", Array(stream)) }
        file += Self.chunk("tIME", [0x07, 0xEA, 12, 2, 6, 0, 0])
        return file + Self.chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(CRC32.checksum(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
}

import Foundation
import Imaging
import Testing
import TestSupport
import TFLite

/// The PNG writer (docs/image-decoding.md §4): every level gives back the pixels through our
/// reader (which checks every CRC and the Adler-32), its zlib stream inflates with zlib to the
/// Up-filtered rows of the PNG definition, and the run-length coder of level 1 keeps masks small.
@Suite struct PNGEncoderTests {
    /// Pictures that take each path of the coders: a soft-edged disk (a segmentation mask: runs and
    /// a band of small steps), noise (stored blocks), a gradient, and one flat value.
    static func pictures(width: Int, height: Int, channels: Int) -> [(name: String, bytes: [UInt8])] {
        var random = SeededRandom(seed: 0x5052_4954)
        let count = width * height * channels
        let disk = (0..<count).map { index -> UInt8 in
            let pixel = index / channels, x = Double(pixel % width), y = Double(pixel / width)
            let distance = ((x - Double(width) / 2) * (x - Double(width) / 2) + (y - Double(height) / 2) * (y - Double(height) / 2)).squareRoot()
            let inside = min(max((Double(min(width, height)) / 3 - distance) / 6, 0), 1)
            return UInt8(inside * 255)
        }
        return [
            ("disk", disk),
            ("noise", (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }),
            ("gradient", (0..<count).map { UInt8(truncatingIfNeeded: $0 / channels % width + $0 / (width * channels)) }),
            ("flat", [UInt8](repeating: 77, count: count)),
        ]
    }

    @Test(arguments: 0...9)
    func everyLevelGivesThePixelsBack(level: Int) throws {
        for (format, channels) in [(PixelFormat.gray8, 1), (.rgb8, 3), (.rgba8, 4)] {
            for (width, height) in [(1, 1), (1, 40), (40, 1), (97, 61)] {
                for (name, bytes) in Self.pictures(width: width, height: height, channels: channels) {
                    let image = try Image(width: width, height: height, format: format, bytes: bytes)
                    let png = try image.pngData(compressionLevel: level)
                    let what = "\(format) \(width)×\(height) \(name) level \(level)"
                    #expect(try Image(decoding: png) == image, "\(what)")
                    #expect(try Self.inflatedRows(of: png) == Self.upFiltered(bytes, width: width, height: height, channels: channels),
                            "\(what): zlib's inflate")
                }
            }
        }
    }

    @Test func level1SpansSeveralBlocksAndKeepsMasksSmall() throws {
        // 1100 × 700 bytes: three blocks of the run-length coder (256 KiB of input each).
        let (width, height) = (1100, 700)
        for (name, bytes) in Self.pictures(width: width, height: height, channels: 1) {
            let png = try bytes.withUnsafeBufferPointer {
                try Image.pngData(gray: $0, width: width, height: height, compressionLevel: 1)
            }
            let decoded = try Image(decoding: png)
            #expect(decoded.format == .gray8 && decoded.packedBytes() == bytes, "\(name)")
            #expect(try Self.inflatedRows(of: png) == Self.upFiltered(bytes, width: width, height: height, channels: 1), "\(name)")
            switch name {
            case "disk", "flat", "gradient": #expect(png.count < bytes.count / 50, "\(name): \(png.count) bytes")
            default: #expect(png.count < bytes.count + bytes.count / 1000 + 100, "noise is stored: \(png.count) bytes")
            }
        }
    }

    @Test func grayBuffersAreChecked() throws {
        let bytes = [UInt8](repeating: 1, count: 12)
        try bytes.withUnsafeBufferPointer { (pixels) throws in
            #expect(throws: ImageError.self) { try Image.pngData(gray: pixels, width: 4, height: 4) }
            #expect(throws: ImageError.self) { try Image.pngData(gray: pixels, width: 0, height: 3) }
            #expect(throws: ImageError.self) { try Image.pngData(gray: pixels, width: 4, height: 3, compressionLevel: 10) }
            #expect(throws: ImageError.self) { try Image.pngData(gray: pixels, width: Int.max, height: 2) }
            #expect(try Image(decoding: try Image.pngData(gray: pixels, width: 4, height: 3)).packedBytes() == bytes)
        }
    }

    /// PNG's Up filter by its definition: each row a filter byte 2, then each byte minus the one
    /// above it (0 above the first row).
    static func upFiltered(_ bytes: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        let rowBytes = width * channels
        var out: [UInt8] = []
        for y in 0..<height {
            out.append(2)
            for x in 0..<rowBytes {
                let above = y == 0 ? 0 : bytes[(y - 1) * rowBytes + x]
                out.append(bytes[y * rowBytes + x] &- above)
            }
        }
        return out
    }

    /// The IDAT chunks' data joined, its zlib header and Adler-32 dropped, inflated by zlib.
    static func inflatedRows(of png: [UInt8]) throws -> [UInt8] {
        var offset = 8, stream: [UInt8] = [], height = 0, rowBytes = 0
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            let data = png[offset + 8..<offset + 8 + length]
            if type == "IHDR" {
                let width = data.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                height = data.dropFirst(4).prefix(4).reduce(0) { $0 << 8 | Int($1) }
                let channels = [0: 1, 2: 3, 6: 4][Int(data[data.startIndex + 9])] ?? 0
                rowBytes = width * channels
            }
            if type == "IDAT" { stream += data }
            offset += 12 + length
        }
        #expect((Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0 && stream[0] == 0x78, "zlib header")
        return try RawInflate.inflate(stream[2..<stream.count - 4], expectedSize: height * (rowBytes + 1), what: "IDAT")
    }
}

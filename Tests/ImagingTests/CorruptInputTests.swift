import Imaging
import Testing
import TestSupport
import VisionCore

/// Damaged, truncated, empty and hostile files throw typed errors and never crash.
@Suite struct CorruptInputTests {
    static func bytes(_ fixture: String) throws -> [UInt8] {
        [UInt8](try ByteFile.read(Goldens.path("Fixtures/images/\(fixture)")))
    }

    static let samples = ["rgb8.png", "rgba16_interlaced.png", "palette.png", "jpeg420.jpg", "jpeg_progressive.jpg", "jpeg_gray.jpg",
                          "heic.heic", "heic_alpha.heic", "webp_lossy.webp", "webp_lossless.webp", "webp_alpha.webp"]

    @Test func emptyDataIsAnError() {
        #expect(throws: ImageError.empty) { try ImageDecoder.decode([]) }
    }

    @Test func unknownFormatsAreNamed() {
        #expect(throws: ImageError.unknownFormat(signature: "47 49 46 38 39 61")) {
            try ImageDecoder.decode(Array("GIF89a".utf8))
        }
        #expect(throws: ImageError.self) { try ImageDecoder.decode([0x42, 0x4D, 0, 0, 0, 0, 0, 0, 0, 0]) }
    }

    @Test func zeroLengthFileOnDisk() throws {
        let path = Assets.repositoryRoot.appendingPathComponent(".build/imaging-empty-test.png").path
        try ByteFile.write([], to: path)
        #expect(throws: ImageError.empty) { try ImageDecoder.decode(contentsOfFile: path) }
        #expect(throws: ImageError.self) { try ImageDecoder.decode(contentsOfFile: path + ".missing") }
    }

    @Test(arguments: samples)
    func truncatedFilesThrow(fixture: String) throws {
        let data = try Self.bytes(fixture)
        // Every cut through the header, then a spread of cuts through the data (the last byte too).
        var cuts = Array(1..<min(64, data.count))
        cuts += stride(from: 64, to: data.count, by: max(1, data.count / 40)).map { $0 }
        cuts.append(data.count - 1)
        for cut in cuts {
            let result = Result { () throws(ImageError) in try ImageDecoder.decode(Array(data.prefix(cut))) }
            switch result {
            case .success:
                Issue.record("\(fixture) cut to \(cut) of \(data.count) bytes decoded without error")
            case .failure(let error):
                switch error {
                case .truncated, .corrupt, .unknownFormat: break
                default: Issue.record("\(fixture) cut to \(cut): unexpected \(error)")
                }
            }
        }
    }

    @Test(arguments: samples)
    func bitFlippedFilesNeverCrash(fixture: String) throws {
        let data = try Self.bytes(fixture)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var errors = 0, decoded = 0
        for _ in 0..<150 {
            var damaged = data
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let position = Int(state >> 33) % damaged.count
                damaged[position] ^= UInt8(1 << Int((state >> 20) & 7))
            }
            do {
                let image = try ImageDecoder.decode(damaged).image
                #expect(image.width > 0 && image.height > 0)
                decoded += 1
            } catch {
                errors += 1
            }
        }
        #expect(errors + decoded == 150)
        if fixture.hasSuffix(".png") {
            #expect(errors > 100, "PNG CRCs catch almost every flip (\(errors) of 150)")
        }
    }

    @Test func headerLargerThanTheLimitIsRefusedBeforeAllocating() throws {
        // A valid PNG header (correct CRC) claiming 100 000 × 100 000 pixels, then an empty IDAT.
        var ihdr: [UInt8] = Array("IHDR".utf8)
        for value in [UInt32(100_000), UInt32(100_000)] { ihdr += withUnsafeBytes(of: value.bigEndian, Array.init) }
        ihdr += [8, 2, 0, 0, 0]
        let crc = CRC32.checksum(ihdr)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr
            + withUnsafeBytes(of: crc.bigEndian, Array.init)
            + [0, 0, 0, 0] + Array("IDAT".utf8) + withUnsafeBytes(of: CRC32.checksum(Array("IDAT".utf8)).bigEndian, Array.init)
        #expect(throws: ImageError.tooLarge(width: 100_000, height: 100_000, limit: 100_000_000)) {
            try ImageDecoder.decode(png)
        }
    }

    @Test func configurablePixelLimit() throws {
        let data = try Self.bytes("rgb8.png")   // 37 × 23 = 851 pixels
        #expect(throws: ImageError.tooLarge(width: 37, height: 23, limit: 800)) {
            try ImageDecoder.decode(data, limits: ImageLimits(maximumPixelCount: 800))
        }
        let jpeg = try Self.bytes("jpeg420.jpg")  // 61 × 45
        #expect(throws: ImageError.tooLarge(width: 61, height: 45, limit: 100)) {
            try ImageDecoder.decode(jpeg, limits: ImageLimits(maximumPixelCount: 100))
        }
        #expect(try ImageDecoder.decode(data, limits: ImageLimits(maximumPixelCount: 851)).image.width == 37)
    }

    @Test func cmykJPEGIsUnsupported() throws {
        let data = try Self.bytes("jpeg_cmyk.jpg")
        #expect {
            try ImageDecoder.decode(data)
        } throws: { error in
            if case ImageError.unsupported = error { return true }
            return false
        }
    }

    @Test func hugeSizesNeverOverflow() {
        let unlimited = ImageLimits(maximumPixelCount: .max)
        #expect(throws: ImageError.self) { try unlimited.check(width: .max / 2, height: 1) }
        #expect(throws: ImageError.self) { try unlimited.check(width: 1 << 32, height: 1 << 32) }
        #expect(throws: ImageError.self) { try Image(width: .max / 2, height: 1, format: .rgba8, fill: 0, limits: unlimited) }
    }

    @Test func invalidBuffersAreRejected() {
        #expect(throws: ImageError.zeroSize(width: 0, height: 5)) {
            try Image(width: 0, height: 5, format: .rgb8, bytes: [])
        }
        #expect(throws: ImageError.self) { try Image(width: 4, height: 4, format: .rgb8, bytes: [UInt8](repeating: 0, count: 47)) }
        #expect(throws: ImageError.self) { try Image(width: 4, height: 4, format: .rgb8, bytes: [UInt8](repeating: 0, count: 48), rowStride: 11) }
        #expect(throws: ImageError.self) {
            try Image(width: 4, height: 4, format: .nv12, planes: [ImagePlane(bytes: [UInt8](repeating: 0, count: 16), rowStride: 4)])
        }
        #expect(throws: ImageError.self) { try Image(width: Int.max, height: 2, format: .rgb8, bytes: []) }
        #expect(throws: ImageError.self) { try FloatImage(width: 3, height: 3, values: [0, 1]) }
    }

    @Test func degenerateROIsThrow() throws {
        for rect in [NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0, height: 1),
                     NormalizedRect(xCenter: .nan, yCenter: 0.5, width: 1, height: 1),
                     NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: .infinity, height: 1),
                     NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: -1, height: 1)] {
            #expect(throws: ImageError.self) {
                try TensorCrop(rect, imageWidth: 100, imageHeight: 100, options: TensorCropOptions(width: 32, height: 32))
            }
        }
        #expect(throws: ImageError.self) {
            try TensorCrop(.fullImage, imageWidth: 100, imageHeight: 100, options: TensorCropOptions(width: 0, height: 32))
        }
        // A crop planned for one size refuses an image of another size.
        let crop = try TensorCrop(.fullImage, imageWidth: 10, imageHeight: 10, options: TensorCropOptions(width: 4, height: 4))
        #expect(throws: ImageError.self) { try crop.crop(try TestImages.pattern(width: 11, height: 10)) }
    }

    @Test func extremeROIsStayInBounds() throws {
        let image = try TestImages.pattern(width: 40, height: 30)
        for rect in [NormalizedRect(xCenter: 1e6, yCenter: -1e6, width: 0.5, height: 0.5, rotation: 1),
                     NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 1e-6, height: 1e-6),
                     NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 1e5, height: 1e5, rotation: 3)] {
            for border in BorderMode.allCases {
                let crop = try TensorCrop(rect, imageWidth: 40, imageHeight: 30, options: TensorCropOptions(width: 16, height: 16, border: border))
                let fast = try crop.crop(image), reference = try crop.referenceCrop(image)
                #expect(fast == reference, "\(rect) \(border)")
            }
        }
    }
}

/// zlib's CRC-32 (for building a PNG chunk in a test).
enum CRC32 {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

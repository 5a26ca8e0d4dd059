import Foundation
import Imaging
import Testing
import TestSupport

/// HEIF and WebP, decoded by libheif and libwebp loaded on first use, equal what pillow-heif and
/// Pillow decode (scripts/golden/image_formats.py, Tests/Fixtures/imaging/formats.json): WebP bit
/// for bit, HEIF within the tolerance its golden states.
@Suite struct LoadedFormatTests {
    struct FormatGoldens: Decodable { let decode: [Goldens.Decode] }

    static let goldens: [Goldens.Decode] = {
        let url = Assets.fixture("imaging/formats.json")
        do {
            return try JSONDecoder().decode(FormatGoldens.self, from: Data(contentsOf: url)).decode
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    static func bytes(_ fixture: String) throws -> [UInt8] {
        [UInt8](try ByteFile.read(Assets.fixture("images/\(fixture)").path))
    }

    @Test(arguments: goldens.map(\.file))
    func decodesLikeTheReference(file: String) throws {
        let golden = try #require(Self.goldens.first { $0.file == file })
        let decoded = try ImageDecoder.decode(contentsOfFile: Assets.fixture(String(file.dropFirst("Fixtures/".count))).path)
        #expect(decoded.fileFormat.rawValue == golden.kind)
        #expect(decoded.image.width == golden.width && decoded.image.height == golden.height)
        #expect(decoded.image.format.rawValue == golden.format)
        if let step = golden.sampleStep, let samples = golden.samples, let tolerance = golden.tolerance {
            let channels = decoded.image.format.bytesPerPixel, pixels = decoded.image.packedBytes()
            var ours: [Int] = []
            for y in stride(from: 0, to: golden.height, by: step) {
                for x in stride(from: 0, to: golden.width, by: step) {
                    let start = (y * golden.width + x) * channels
                    ours += pixels[start..<(start + channels)].map(Int.init)
                }
            }
            try #require(ours.count == samples.count)
            let differences = zip(ours, samples).map { abs($0 - $1) }
            let mean = Double(differences.reduce(0, +)) / Double(differences.count)
            #expect(differences.max()! <= tolerance.max && mean <= tolerance.mean,
                    "largest difference \(differences.max()!), mean \(mean) from pillow-heif's pixels")
        } else {
            #expect(SHA256.hex(decoded.image.packedBytes()) == golden.sha256, "pixels differ from the reference decoder")
        }
        #expect(decoded.exifOrientation == golden.exifOrientation)
        #expect(decoded.orientation == (golden.exifOrientation.flatMap(Orientation.init(exifValue:)) ?? .up))
    }

    /// A lossless WebP holds exactly the PNG's pixels: the crop of astronaut.png it was made from.
    @Test func losslessWebPIsTheSourcePixels() throws {
        let webp = try ImageDecoder.decode(Self.bytes("webp_lossless.webp")).image
        let source = try TestImages.asset("astronaut.png").converted(to: .rgb8)
        let row = source.width * 3
        let bytes = source.packedBytes()
        var crop: [UInt8] = []
        for y in 100..<145 {
            let start = y * row + 150 * 3
            crop += bytes[start..<(start + 61 * 3)]
        }
        #expect(webp.packedBytes() == crop)
    }

    /// The container's rotation is applied: the 61×45 crop stored with a 90° rotation is shown 45×61.
    @Test func heifRotationIsApplied() throws {
        let plain = try ImageDecoder.decode(Self.bytes("heic.heic"))
        let rotated = try ImageDecoder.decode(Self.bytes("heic_rotated.heic"))
        #expect((plain.image.width, plain.image.height) == (61, 45))
        #expect((rotated.image.width, rotated.image.height) == (45, 61))
        #expect(rotated.orientation == .up && rotated.exifOrientation == nil)
        // The same coded pixels, turned a quarter counter-clockwise: shown pixel (x, y) is stored
        // pixel (60 − y, x).
        let stored = plain.image.packedBytes(), shown = rotated.image.packedBytes()
        var largest = 0
        for y in 0..<61 {
            for x in 0..<45 {
                for channel in 0..<3 {
                    let a = Int(shown[(y * 45 + x) * 3 + channel]), b = Int(stored[(x * 61 + (60 - y)) * 3 + channel])
                    largest = max(largest, abs(a - b))
                }
            }
        }
        #expect(largest <= 8, "rotated pixels differ by \(largest)")
    }

    @Test func animatedWebPIsUnsupported() throws {
        #expect {
            try ImageDecoder.decode(Self.bytes("webp_animated.webp"))
        } throws: { error in
            if case ImageError.unsupported(let reason) = error { return reason.contains("animated") }
            return false
        }
    }

    @Test func theLimitIsCheckedBeforeDecoding() throws {
        for fixture in ["heic.heic", "webp_lossy.webp"] {
            #expect(throws: ImageError.tooLarge(width: 61, height: 45, limit: 100), "\(fixture)") {
                try ImageDecoder.decode(Self.bytes(fixture), limits: ImageLimits(maximumPixelCount: 100))
            }
        }
    }

    @Test func signaturesAreRecognized() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let size = 16 + 4 * compatible.count
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
                + compatible.flatMap { Array($0.utf8) }
        }
        #expect(ImageFileFormat(signatureOf: ftyp("heic", ["mif1", "heic"])) == .heif)
        #expect(ImageFileFormat(signatureOf: ftyp("mif1", ["heic"])) == .heif)
        #expect(ImageFileFormat(signatureOf: ftyp("isom", ["iso2", "mp41"])) == nil, "an MP4 is not an image")
        #expect(ImageFileFormat(signatureOf: ftyp("qt  ", [])) == nil)
        #expect(ImageFileFormat(signatureOf: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFileFormat(signatureOf: Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        #expect(ImageFileFormat.allFileExtensions.isSuperset(of: ["heic", "heif", "webp", "png", "jpg"]))
    }
}

import Foundation
import TestSupport

/// The goldens recorded by scripts/golden/opencv_warp.py (Tests/Fixtures/imaging/goldens.json).
struct Goldens: Decodable {
    struct Decode: Decodable {
        let file: String
        let kind: String
        let width: Int
        let height: Int
        let format: String
        let sha256: String
        let exifOrientation: Int?
        /// HEIF only (formats.json): every channel of every `sampleStep`-th pixel of every
        /// `sampleStep`-th row of the reference decode, and how far ours may be from it.
        let sampleStep: Int?
        let samples: [Int]?
        let tolerance: Tolerance?
    }

    /// How far a decode may be from the reference's pixels: largest and mean absolute difference.
    struct Tolerance: Decodable {
        let max: Int
        let mean: Double
    }

    struct Sample: Decodable {
        let x: Int
        let y: Int
        let rgb: [Int]
    }

    struct Warp: Decodable {
        let name: String
        let image: String
        let roi: [String]
        let tensorWidth: Int
        let tensorHeight: Int
        let keepAspectRatio: Bool
        let border: String
        let range: [Float]
        let flipHorizontally: Bool
        let corners: [String]
        let perspective: [String]
        let inverse: [String]
        let cropSha256: String
        let tensorSha256: String
        let samples: [Sample]
        let padding: [String]
        let matrix: [String]
    }

    struct YUVCase: Decodable {
        let format: String
        let width: Int
        let height: Int
        let rgbSha256: String
        let samples: [Sample]
    }

    struct MaskSample: Decodable {
        let x: Int
        let y: Int
        let value: String
    }

    struct Mask: Decodable {
        let name: String
        let width: Int
        let height: Int
        let maskSize: Int
        let roi: [String]
        let affine: [String]
        let sha256: String
        let samples: [MaskSample]
    }

    let decode: [Decode]
    let warps: [Warp]
    let yuv: [YUVCase]
    let masks: [Mask]

    static let shared: Goldens = {
        let url = Assets.fixture("imaging/goldens.json")
        do {
            return try JSONDecoder().decode(Goldens.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    /// The path of a golden's file: `Fixtures/...` under Tests/, `assets/...` under the repository.
    static func path(_ file: String) -> String {
        if file.hasPrefix("Fixtures/") {
            return Assets.fixture(String(file.dropFirst("Fixtures/".count))).path
        }
        return Assets.repositoryRoot.appendingPathComponent(file).path
    }
}

/// Big-endian hex of a float32 / float64, as the golden script writes them.
func float32(hex: String) -> Float { Float(bitPattern: UInt32(hex, radix: 16)!) }
func float64(hex: String) -> Double { Double(bitPattern: UInt64(hex, radix: 16)!) }

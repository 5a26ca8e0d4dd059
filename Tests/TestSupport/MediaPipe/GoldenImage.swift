import Foundation

/// `images.json`: the images the goldens were recorded on.
public struct GoldenImageCatalog: Decodable, Sendable {
    /// How the sources were decoded (Pillow and OpenCV versions, libjpeg-turbo).
    public let decoder: [String: GoldenScalar]
    /// How warp recipes are applied (OpenCV call, matrix direction).
    public let warp: String
    /// Every image by name: the four sources (`astronaut.png`, `bus.jpg`, `zidane.jpg`, `t1.jpg`)
    /// and the derived ones.
    public let images: [String: GoldenImage]
}

/// A JSON scalar (string, number or bool) in free-form information dictionaries.
public enum GoldenScalar: Decodable, Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }
}

/// One image fed to MediaPipe: its size, the sha256 of its pixel bytes (row-major, interleaved
/// RGB for 3 channels, one byte per pixel for gray) and how to rebuild it.
public struct GoldenImage: Decodable, Sendable {
    public let width: Int
    public let height: Int
    /// 3 (RGB) or 1 (gray, fed to MediaPipe as GRAY8).
    public let channels: Int
    /// Lower-case hex sha256 of the `width × height × channels` pixel bytes.
    public let sha256: String
    public let recipe: GoldenImageRecipe
}

/// How an image is made. Every step is exactly reproducible in integers (see the README).
public enum GoldenImageRecipe: Decodable, Sendable {
    /// A file under the repository root (`assets/images/…`), decoded with libpng or libjpeg-turbo
    /// defaults (ISLOW IDCT, fancy upsampling) to RGB.
    case file(path: String)
    /// OpenCV 4.x `warpPerspective`, INTER_LINEAR, fixed-point (docs/pipeline.md §2.2).
    case warp(GoldenWarp)
    /// `(77·R + 150·G + 29·B + 128) >> 8` per pixel of `source`, one channel.
    case gray(source: String, formula: String)
    /// The named images side by side (equal heights), left to right.
    case horizontalConcatenation(sources: [String])

    private enum Keys: String, CodingKey {
        case kind, file, source, sources, matrix, width, height, border, formula
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "file":
            self = .file(path: try c.decode(String.self, forKey: .file))
        case "warp":
            self = .warp(GoldenWarp(
                source: try c.decode(String.self, forKey: .source),
                matrix: try c.decode([Double].self, forKey: .matrix),
                width: try c.decode(Int.self, forKey: .width),
                height: try c.decode(Int.self, forKey: .height),
                border: try c.decode(GoldenWarp.Border.self, forKey: .border)))
        case "gray":
            self = .gray(source: try c.decode(String.self, forKey: .source),
                         formula: try c.decode(String.self, forKey: .formula))
        case "hconcat":
            self = .horizontalConcatenation(sources: try c.decode([String].self, forKey: .sources))
        default:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown recipe kind \(kind)")
        }
    }
}

/// A bilinear warp of a named image.
public struct GoldenWarp: Sendable {
    /// How taps outside the source are read.
    public enum Border: String, Decodable, Sendable {
        /// OpenCV BORDER_CONSTANT with value 0.
        case constant
        /// OpenCV BORDER_REPLICATE.
        case replicate
    }

    /// Name of the source image in the catalog.
    public let source: String
    /// Row-major 3×3 matrix mapping a destination pixel `(x, y, 1)` (integer indices, no +0.5) to
    /// source coordinates; every entry is a multiple of 1/1024.
    public let matrix: [Double]
    /// Output size in pixels.
    public let width: Int
    public let height: Int
    public let border: Border
}

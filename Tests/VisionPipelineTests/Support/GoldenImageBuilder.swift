import Foundation
import Imaging
import TestSupport

/// Rebuilds the images MediaPipe was fed (Tests/Fixtures/mediapipe/images.json recipes) with our
/// decoder and warp, and checks each against its recorded sha256 before any result is compared.
final class GoldenImageBuilder {
    enum Failure: Error, CustomStringConvertible {
        case unknownImage(String)
        case hashMismatch(name: String, expected: String, actual: String)
        case recipe(String)
        var description: String {
            switch self {
            case .unknownImage(let name): "no image \(name) in images.json"
            case .hashMismatch(let name, let expected, let actual): "\(name): rebuilt pixels hash \(actual), MediaPipe saw \(expected)"
            case .recipe(let detail): detail
            }
        }
    }

    let catalog: GoldenImageCatalog
    private var cache: [String: Image] = [:]

    init() throws {
        catalog = try MediaPipeGoldens.images()
    }

    /// The named catalog image, hash-checked.
    func image(named name: String) throws -> Image {
        if let cached = cache[name] { return cached }
        guard let golden = catalog.images[name] else { throw Failure.unknownImage(name) }
        let image = try build(golden, name: name)
        cache[name] = image
        return image
    }

    /// An image described inline (video frames), hash-checked.
    func build(_ golden: GoldenImage, name: String) throws -> Image {
        let image: Image
        switch golden.recipe {
        case .file(let path):
            let decoded = try ImageDecoder.decode(contentsOfFile: Assets.repositoryRoot.appendingPathComponent(path).path)
            image = decoded.image.format == .rgb8 ? decoded.image : try decoded.image.converted(to: .rgb8)
        case .warp(let warp):
            let source = try self.image(named: warp.source)
            guard let inverse = PerspectiveTransform(warp.matrix) else { throw Failure.recipe("\(name): bad matrix") }
            let bytes = ReferenceWarp.warpPerspective(rgb: source.packedBytes(), width: source.width, height: source.height,
                                                      inverse: inverse, outputWidth: warp.width, outputHeight: warp.height,
                                                      border: warp.border == .constant ? .zero : .replicate)
            image = try Image(width: warp.width, height: warp.height, format: .rgb8, bytes: bytes)
        case .gray(let sourceName, _):
            let source = try self.image(named: sourceName).packedBytes()
            var gray = [UInt8](repeating: 0, count: source.count / 3)
            for i in gray.indices {
                let r = Int(source[3 * i]), g = Int(source[3 * i + 1]), b = Int(source[3 * i + 2])
                gray[i] = UInt8((77 * r + 150 * g + 29 * b + 128) >> 8)
            }
            image = try Image(width: golden.width, height: golden.height, format: .gray8, bytes: gray)
        case .horizontalConcatenation(let sources):
            let parts = try sources.map { try self.image(named: $0) }
            let width = parts.reduce(0) { $0 + $1.width }
            var bytes = [UInt8](repeating: 0, count: width * golden.height * 3)
            var x0 = 0
            for part in parts {
                let packed = part.packedBytes()
                for y in 0..<part.height {
                    for x in 0..<part.width * 3 { bytes[(y * width + x0) * 3 + x] = packed[y * part.width * 3 + x] }
                }
                x0 += part.width
            }
            image = try Image(width: width, height: golden.height, format: .rgb8, bytes: bytes)
        }
        let hash = SHA256.hex(image.packedBytes())
        guard hash == golden.sha256 else { throw Failure.hashMismatch(name: name, expected: golden.sha256, actual: hash) }
        return image
    }
}

import Imaging
import TestSupport

/// The decoded asset images (decoded once per test process).
enum TestImages {
    static let assets: [String: Image] = {
        var images: [String: Image] = [:]
        for name in ["astronaut.png", "bus.jpg", "zidane.jpg", "t1.jpg"] {
            do {
                images[name] = try Image(contentsOfFile: Assets.image(name).path)
            } catch {
                fatalError("cannot decode \(name): \(error); run scripts/setup")
            }
        }
        return images
    }()

    static func asset(_ name: String) throws -> Image {
        guard let image = assets[name] else { throw ImageError.io("no asset \(name)") }
        return image
    }

    /// A deterministic RGB test picture with edges and gradients, `width`×`height`.
    static func pattern(width: Int, height: Int) throws -> Image {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                bytes[i] = UInt8((x * 255) / max(width - 1, 1))
                bytes[i + 1] = UInt8((y * 255) / max(height - 1, 1))
                bytes[i + 2] = ((x / 8 + y / 8) % 2 == 0) ? 230 : 20
            }
        }
        return try Image(width: width, height: height, format: .rgb8, bytes: bytes)
    }
}

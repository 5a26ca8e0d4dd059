import Foundation
import Imaging
import MLKitFaceDetection
import MLKitVision
import TestSupport
import VisionPipeline

/// Real test images and the warps the tests make of them (with Imaging's OpenCV-exact warp).
enum MLKitTestImages {
    static func load(_ name: String) throws -> Image {
        try ImageDecoder.decode(contentsOfFile: Assets.image(name).path).image.converted(to: .rgb8)
    }

    /// `image` turned by `degrees` counter-clockwise (as seen) about its centre, same size, black
    /// outside: each RGB channel through `FloatImage.warpedAffine`.
    static func rotated(_ image: Image, degrees: Double) throws -> Image {
        let t = degrees * .pi / 180, c = cos(t), s = sin(t)
        let cx = Double(image.width - 1) / 2, cy = Double(image.height - 1) / 2
        // Output pixel (x, y) reads the source at R⁻¹ (x − c) + c, with y pointing down.
        let map = [c, -s, cx - c * cx + s * cy, s, c, cy - s * cx - c * cy].map(Float.init)
        return try mapChannels(image) { try $0.warpedAffine(inverseMap: map, width: image.width, height: image.height) }
    }

    /// Applies `warp` to each RGB channel.
    static func mapChannels(_ image: Image, _ warp: (FloatImage) throws -> FloatImage) throws -> Image {
        let rgb = image.rgbBytes()
        var channels: [FloatImage] = []
        for k in 0..<3 {
            let values = stride(from: k, to: rgb.count, by: 3).map { Float(rgb[$0]) }
            channels.append(try warp(try FloatImage(width: image.width, height: image.height, values: values)))
        }
        let w = channels[0].width, h = channels[0].height
        var bytes = [UInt8](repeating: 0, count: w * h * 3)
        for k in 0..<3 {
            for (i, v) in channels[k].values.enumerated() { bytes[3 * i + k] = UInt8(min(max(v.rounded(), 0), 255)) }
        }
        return try Image(width: w, height: h, format: .rgb8, bytes: bytes)
    }

    /// A `width`×`height` gray canvas with `pieces` (RGB images) pasted at their top-left corners.
    static func canvas(width: Int, height: Int, pieces: [(image: Image, x: Int, y: Int)]) throws -> Image {
        var bytes = [UInt8](repeating: 128, count: width * height * 3)
        for piece in pieces {
            let rgb = piece.image.rgbBytes()
            for y in 0..<piece.image.height {
                for x in 0..<piece.image.width {
                    let cx = piece.x + x, cy = piece.y + y
                    guard cx >= 0, cy >= 0, cx < width, cy < height else { continue }
                    for k in 0..<3 { bytes[(cy * width + cx) * 3 + k] = rgb[(y * piece.image.width + x) * 3 + k] }
                }
            }
        }
        return try Image(width: width, height: height, format: .rgb8, bytes: bytes)
    }

    /// The `width`×`height` region of `image` at (`x`, `y`).
    static func crop(_ image: Image, x: Int, y: Int, width: Int, height: Int) throws -> Image {
        let rgb = image.rgbBytes()
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for row in 0..<height {
            for col in 0..<width {
                let sx = min(max(x + col, 0), image.width - 1), sy = min(max(y + row, 0), image.height - 1)
                for k in 0..<3 { bytes[(row * width + col) * 3 + k] = rgb[(sy * image.width + sx) * 3 + k] }
            }
        }
        return try Image(width: width, height: height, format: .rgb8, bytes: bytes)
    }
}

extension CGRect {
    var centre: CGPoint { CGPoint(x: midX, y: midY) }
}

/// Whether `point` is inside the polygon `vertices` (even-odd rule).
func polygon(_ vertices: [CGPoint], contains point: CGPoint) -> Bool {
    var inside = false
    var j = vertices.count - 1
    for i in vertices.indices {
        let a = vertices[i], b = vertices[j]
        if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
        j = i
    }
    return inside
}

extension VisionPoint {
    var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

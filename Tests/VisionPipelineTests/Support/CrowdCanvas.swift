import Foundation
import Imaging
import TestSupport

/// A large RGB test picture built in memory: a face-less textured background with sample faces
/// pasted at chosen sizes and places (docs/pipeline.md §9.1, "How the search is tested").
///
/// A face is pasted as the square 3× its mesh width around its mesh centre, resampled so that the
/// mesh becomes `width` pixels wide: area-averaged when shrinking (as a camera would see a distant
/// face), bilinear when enlarging. Its truth is the full-size mesh, scaled and moved the same way.
struct CrowdCanvas {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]
    /// The expected mesh of each pasted face, pixels of the canvas.
    private(set) var truths: [[(x: Float, y: Float)]] = []

    /// A canvas of smooth random colour texture (value noise at 96, 24 and 6 pixel spacings), or
    /// flat grey when `flatGrey`.
    init(width: Int, height: Int, seed: UInt64, flatGrey: Bool = false) {
        self.width = width
        self.height = height
        guard !flatGrey else {
            pixels = [UInt8](repeating: 128, count: width * height * 3)
            return
        }
        var random = SeededRandom(seed: seed)
        var values = [Float](repeating: 100, count: width * height * 3)
        for (spacing, amplitude) in [(96, Float(70)), (24, 35), (6, 15)] {
            let gw = width / spacing + 2, gh = height / spacing + 2
            let grid = (0..<(gw * gh * 3)).map { _ in Float.random(in: -amplitude...amplitude, using: &random) }
            for y in 0..<height {
                let gy = Float(y) / Float(spacing), y0 = Int(gy), fy = gy - Float(y0)
                for x in 0..<width {
                    let gx = Float(x) / Float(spacing), x0 = Int(gx), fx = gx - Float(x0)
                    for c in 0..<3 {
                        func g(_ i: Int, _ j: Int) -> Float { grid[((j * gw) + i) * 3 + c] }
                        let top = g(x0, y0) * (1 - fx) + g(x0 + 1, y0) * fx
                        let bottom = g(x0, y0 + 1) * (1 - fx) + g(x0 + 1, y0 + 1) * fx
                        values[(y * width + x) * 3 + c] += top * (1 - fy) + bottom * fy
                    }
                }
            }
        }
        pixels = values.map { UInt8(max(0, min(255, $0.rounded()))) }
    }

    /// Pastes `face` with its mesh centre at (`centreX`, `centreY`) and its mesh `width` pixels wide.
    mutating func paste(_ face: SampleFace, centreX: Float, centreY: Float, width target: Float) {
        let scale = target / face.meshWidth
        let half = 1.5 * face.meshWidth
        let side = Int((2 * half * scale).rounded())
        let originX = Int((centreX - Float(side) / 2).rounded()), originY = Int((centreY - Float(side) / 2).rounded())
        let sourceX0 = face.centreX - half, sourceY0 = face.centreY - half
        let step = 1 / scale
        for ty in 0..<side {
            let y = originY + ty
            guard y >= 0, y < height else { continue }
            for tx in 0..<side {
                let x = originX + tx
                guard x >= 0, x < self.width else { continue }
                let sx = sourceX0 + Float(tx) * step, sy = sourceY0 + Float(ty) * step
                let rgb = step > 1 ? face.source.average(x0: sx, y0: sy, side: step)
                                   : face.source.bilinear(x: sx + step / 2 - 0.5, y: sy + step / 2 - 0.5)
                for c in 0..<3 { pixels[(y * self.width + x) * 3 + c] = rgb[c] }
            }
        }
        // The mesh point p of the source goes to origin + (p − source origin) × scale.
        truths.append(face.mesh.map { (Float(originX) + ($0.x - sourceX0) * scale, Float(originY) + ($0.y - sourceY0) * scale) })
    }

    func image() throws -> Image {
        try Image(width: width, height: height, format: .rgb8, bytes: pixels)
    }
}

/// A face of a sample picture: its pixels, its mesh at full size (pixels) and the mesh's extent.
struct SampleFace {
    let source: RGBPixels
    let mesh: [(x: Float, y: Float)]
    var centreX: Float { (mesh.map(\.x).min()! + mesh.map(\.x).max()!) / 2 }
    var centreY: Float { (mesh.map(\.y).min()! + mesh.map(\.y).max()!) / 2 }
    var meshWidth: Float { mesh.map(\.x).max()! - mesh.map(\.x).min()! }
}

/// Packed RGB pixels with edge-clamped sampling.
struct RGBPixels {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    init(_ image: Image) throws {
        width = image.width
        height = image.height
        bytes = try image.converted(to: .rgb8).packedBytes()
    }

    private func value(_ x: Int, _ y: Int, _ c: Int) -> Float {
        Float(bytes[(min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 3 + c])
    }

    /// The mean of the pixels whose centres lie in the square of `side` from (`x0`, `y0`).
    func average(x0: Float, y0: Float, side: Float) -> [UInt8] {
        let xs = Int((x0 - 0.5).rounded(.up))...Int((x0 + side - 0.5).rounded(.down))
        let ys = Int((y0 - 0.5).rounded(.up))...Int((y0 + side - 0.5).rounded(.down))
        var sums: [Float] = [0, 0, 0]
        for y in ys { for x in xs { for c in 0..<3 { sums[c] += value(x, y, c) } } }
        let count = Float(xs.count * ys.count)
        return sums.map { UInt8(($0 / count).rounded()) }
    }

    /// Bilinear sample at pixel-centre coordinates (`x`, `y`).
    func bilinear(x: Float, y: Float) -> [UInt8] {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Float(x0), fy = y - Float(y0)
        return (0..<3).map { c in
            let top = value(x0, y0, c) * (1 - fx) + value(x0 + 1, y0, c) * fx
            let bottom = value(x0, y0 + 1, c) * (1 - fx) + value(x0 + 1, y0 + 1, c) * fx
            return UInt8((top * (1 - fy) + bottom * fy).rounded())
        }
    }
}

extension CrowdCanvas {
    /// Fills the whole canvas with the region (`x`, `y`, `width`, `height`) of `source`, stretched.
    mutating func fill(from source: RGBPixels, x: Float, y: Float, width w: Float, height h: Float) {
        let sx = w / Float(width), sy = h / Float(height)
        for ty in 0..<height {
            for tx in 0..<width {
                let rgb = source.bilinear(x: x + (Float(tx) + 0.5) * sx - 0.5, y: y + (Float(ty) + 0.5) * sy - 0.5)
                for c in 0..<3 { pixels[(ty * width + tx) * 3 + c] = rgb[c] }
            }
        }
    }
}

extension CrowdCanvas {
    /// Pastes the whole of `source` scaled to `height` pixels (area-averaged when shrinking), with
    /// its top-left corner at (`x`, `y`); returns the scale.
    @discardableResult
    mutating func paste(whole source: RGBPixels, x: Int, y: Int, height target: Int) -> Float {
        let scale = Float(target) / Float(source.height)
        let step = 1 / scale
        let targetWidth = Int((Float(source.width) * scale).rounded())
        for ty in 0..<target where y + ty >= 0 && y + ty < height {
            for tx in 0..<targetWidth where x + tx >= 0 && x + tx < width {
                let sx = Float(tx) * step, sy = Float(ty) * step
                let rgb = step > 1 ? source.average(x0: sx, y0: sy, side: step)
                                   : source.bilinear(x: sx + step / 2 - 0.5, y: sy + step / 2 - 0.5)
                for c in 0..<3 { pixels[((y + ty) * width + x + tx) * 3 + c] = rgb[c] }
            }
        }
        return scale
    }
}

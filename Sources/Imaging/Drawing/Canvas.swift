/// Blends colours into the pixels of an RGB8, RGBA8 or BGRA8 ``Image`` (the formats drawing supports).
///
/// A pixel covered by a fraction `c` (0…1) of a shape drawn with opacity `α` becomes
/// `round(old·(1 − a) + colour·a)` with `a = c·α/255`; the alpha channel of RGBA/BGRA becomes
/// `round(old + (255 − old)·a)` (source-over).
struct Canvas {
    let width: Int
    let height: Int
    let rowStride: Int
    let bytesPerPixel: Int
    let redOffset: Int
    let hasAlpha: Bool

    init(for image: Image) throws(ImageError) {
        switch image.format {
        case .rgb8, .rgba8, .bgra8: break
        default: throw .invalidArgument("drawing needs an rgb8, rgba8 or bgra8 image, not \(image.format)")
        }
        width = image.width
        height = image.height
        rowStride = image.planes[0].rowStride
        bytesPerPixel = image.format.bytesPerPixel
        redOffset = image.format == .bgra8 ? 2 : 0
        hasAlpha = image.format != .rgb8
    }

    @inline(__always)
    func blend(_ bytes: inout [UInt8], x: Int, y: Int, color: Color, coverage: Float) {
        guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
        let a = min(coverage, 1) * Float(color.alpha) / 255
        // Below half a level no channel can change (|a·(new − old)| < 0.5 rounds back to old).
        guard a * 255 >= 0.5 else { return }
        let i = y * rowStride + x * bytesPerPixel
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 {
            UInt8((Float(old) * (1 - a) + Float(new) * a).rounded())
        }
        bytes[i + redOffset] = mix(bytes[i + redOffset], color.red)
        bytes[i + 1] = mix(bytes[i + 1], color.green)
        bytes[i + 2 - redOffset] = mix(bytes[i + 2 - redOffset], color.blue)
        if hasAlpha {
            bytes[i + 3] = UInt8(min(255, (Float(bytes[i + 3]) + (255 - Float(bytes[i + 3])) * a).rounded()))
        }
    }

    /// The integer pixel range `[lower, upper)` that a span `[from, to]` in pixel coordinates touches,
    /// clipped to `0..<limit`; empty for non-finite input.
    static func pixelRange(from: Float, to: Float, limit: Int) -> Range<Int> {
        guard from.isFinite, to.isFinite else { return 0..<0 }
        let lower = max(0, min(Float(limit), (from - 1).rounded(.down)))
        let upper = max(0, min(Float(limit), (to + 1).rounded(.up)))
        return Int(lower)..<max(Int(lower), Int(upper))
    }
}

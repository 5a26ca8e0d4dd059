/// A single-channel float32 image, e.g. a segmentation mask with values in [0, 1].
///
/// `values` are row-major without padding: pixel `(x, y)` is `values[y * width + x]`; coordinates as
/// in ``Image`` (x right, y down, pixel centres at half-integers).
public struct FloatImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public internal(set) var values: [Float]

    /// Wraps `values` (`width × height` of them).
    public init(width: Int, height: Int, values: [Float], limits: ImageLimits = .default) throws(ImageError) {
        try limits.check(width: width, height: height)
        guard values.count == width * height else {
            throw .bufferTooSmall("\(values.count) values for \(width)×\(height)")
        }
        self.width = width
        self.height = height
        self.values = values
    }

    /// An image filled with `value`.
    public init(width: Int, height: Int, repeating value: Float = 0, limits: ImageLimits = .default) throws(ImageError) {
        try limits.check(width: width, height: height)
        self.width = width
        self.height = height
        self.values = [Float](repeating: value, count: width * height)
    }

    /// The value at pixel (x, y); the caller keeps the indices in bounds.
    public subscript(x: Int, y: Int) -> Float {
        values[y * width + x]
    }

    /// An 8-bit gray image of `round(clamp(v, 0, 1) · 255)`, e.g. to save a mask as PNG. NaN becomes 0.
    public func grayImage() -> Image {
        let bytes = values.map { v -> UInt8 in
            let clamped = v.isNaN ? 0 : min(max(v, 0), 1)
            return UInt8((clamped * 255).rounded())
        }
        return Image(uncheckedWidth: width, height: height, format: .gray8, planes: [ImagePlane(bytes: bytes, rowStride: width)])
    }
}

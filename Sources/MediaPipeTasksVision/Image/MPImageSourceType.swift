/// What an ``MPImage`` was made from (MediaPipe's `MPImageSourceType`).
public struct MPImageSourceType: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A `UIImage`, a decoded file or an `Imaging.Image`.
    public static let image = MPImageSourceType(rawValue: 0)
    /// A `CVPixelBuffer`.
    public static let pixelBuffer = MPImageSourceType(rawValue: 1)
    /// A `CMSampleBuffer`.
    public static let sampleBuffer = MPImageSourceType(rawValue: 2)
}

/// Size limits checked before any pixel memory is allocated.
public struct ImageLimits: Sendable, Hashable {
    /// The largest accepted `width × height`, in pixels. The default is 100 megapixels.
    public var maximumPixelCount: Int

    /// Creates limits allowing at most `maximumPixelCount` pixels (default 100 000 000).
    public init(maximumPixelCount: Int = 100_000_000) {
        self.maximumPixelCount = maximumPixelCount
    }

    /// The default limits: 100 megapixels.
    public static let `default` = ImageLimits()

    /// Throws unless `width`×`height` is positive and within ``maximumPixelCount``, and its bytes
    /// can be counted without overflow.
    public func check(width: Int, height: Int) throws(ImageError) {
        guard width > 0, height > 0 else { throw .zeroSize(width: width, height: height) }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        // Also keep 4 bytes per pixel (the widest format) addressable, whatever the limit.
        let (_, byteOverflow) = pixels.multipliedReportingOverflow(by: 4)
        guard !overflow, !byteOverflow, pixels <= maximumPixelCount else {
            throw .tooLarge(width: width, height: height, limit: maximumPixelCount)
        }
    }
}

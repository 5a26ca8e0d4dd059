/// How the Y, U and V samples of a YUV image (``PixelFormat/nv12``, `nv21`, `i420`) encode RGB:
/// the matrix (ITU-R BT.601, the standard-definition one, or BT.709, the HD one most phone and
/// camera videos use) and the range (video: Y in 16…235 and U, V in 16…240; full: 0…255).
///
/// ``Image/yuvColorSpace`` carries it; conversions to RGB, drawing and the video writer follow it.
public struct YUVColorSpace: Hashable, Sendable, CustomStringConvertible {
    public enum Matrix: String, Hashable, Sendable {
        case bt601
        case bt709
    }

    public var matrix: Matrix
    /// Full range (0…255, e.g. JPEG and many webcams) instead of video range.
    public var isFullRange: Bool

    public init(matrix: Matrix, isFullRange: Bool) {
        self.matrix = matrix
        self.isFullRange = isFullRange
    }

    /// BT.601 in video range: camera buffers and untagged video (the default).
    public static let bt601VideoRange = YUVColorSpace(matrix: .bt601, isFullRange: false)
    /// BT.709 in video range: HD video.
    public static let bt709VideoRange = YUVColorSpace(matrix: .bt709, isFullRange: false)
    public static let bt601FullRange = YUVColorSpace(matrix: .bt601, isFullRange: true)
    public static let bt709FullRange = YUVColorSpace(matrix: .bt709, isFullRange: true)

    public var description: String { "\(matrix.rawValue) \(isFullRange ? "full" : "video") range" }
}

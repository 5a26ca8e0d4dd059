/// Why an image could not be decoded, encoded, built or transformed.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data is empty.
    case empty
    /// The data is neither PNG nor JPEG (the first bytes are shown in hex).
    case unknownFormat(signature: String)
    /// The file ends before the image is complete.
    case truncated(String)
    /// The data is damaged or not valid for its format; the decoder's message is attached.
    case corrupt(String)
    /// The file uses a feature that is not supported (for example CMYK JPEG).
    case unsupported(String)
    /// A width or height is zero or negative.
    case zeroSize(width: Int, height: Int)
    /// The image would have more pixels than ``ImageLimits/maximumPixelCount`` allows. Nothing was
    /// allocated.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// A buffer is smaller than its width, height, stride and format need, or a stride is too small.
    case bufferTooSmall(String)
    /// An argument is out of its documented range.
    case invalidArgument(String)
    /// A file could not be read or written.
    case io(String)
    /// Memory could not be allocated.
    case outOfMemory

    public var description: String {
        switch self {
        case .empty: "the image data is empty"
        case .unknownFormat(let signature): "unknown image format (first bytes: \(signature))"
        case .truncated(let message): "the image file is truncated: \(message)"
        case .corrupt(let message): "the image file is corrupt: \(message)"
        case .unsupported(let message): "unsupported image: \(message)"
        case .zeroSize(let width, let height): "the image has no pixels (\(width)×\(height))"
        case .tooLarge(let width, let height, let limit):
            "the image is \(width)×\(height) pixels, more than the limit of \(limit) pixels"
        case .bufferTooSmall(let message): "buffer too small: \(message)"
        case .invalidArgument(let message): "invalid argument: \(message)"
        case .io(let message): "I/O error: \(message)"
        case .outOfMemory: "out of memory"
        }
    }
}

/// What went wrong while reading or writing a video. Every case carries a message for people.
public enum VideoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or device does not exist.
    case notFound(String)
    /// The file or device exists but may not be opened (permissions).
    case permissionDenied(String)
    /// The input is not a container or stream that FFmpeg recognizes, or its data is damaged.
    case corrupt(String)
    /// The input ends before its index or first frame (e.g. an MP4 cut before its `moov` box).
    case truncated(String)
    /// The container has no video stream (audio only, or not a media file).
    case noVideoStream(String)
    /// The stream's codec, or the requested encoder, is not available in this FFmpeg.
    case unsupportedCodec(String)
    /// An argument is out of range (sizes, frame rates, non-increasing timestamps, ...).
    case invalidArgument(String)
    /// A blocking read from a stream or device took longer than allowed.
    case timedOut(String)
    /// Reading from or writing to the file system or network failed.
    case ioFailed(String)
    /// An FFmpeg call failed for another reason; the message names the call and FFmpeg's reason.
    case ffmpeg(String)
    /// This build has no video support: the package was built without its `FFmpeg` trait.
    case unavailable(String)

    public var description: String {
        switch self {
        case .notFound(let message): "not found: \(message)"
        case .permissionDenied(let message): "permission denied: \(message)"
        case .corrupt(let message): "corrupt video: \(message)"
        case .truncated(let message): "truncated video: \(message)"
        case .noVideoStream(let message): "no video stream: \(message)"
        case .unsupportedCodec(let message): "unsupported codec: \(message)"
        case .invalidArgument(let message): "invalid argument: \(message)"
        case .timedOut(let message): "timed out: \(message)"
        case .ioFailed(let message): "I/O failed: \(message)"
        case .ffmpeg(let message): "FFmpeg error: \(message)"
        case .unavailable(let message): "video unavailable: \(message)"
        }
    }
}

#if FFmpeg
import CFFmpeg
import Imaging

/// FFmpeg's negative `AVERROR` codes, named, and their conversion to ``VideoError``.
enum FFmpegStatus {
    static let again = vt_averror_eagain()
    static let endOfFile = vt_averror_eof()
    static let invalidData = vt_averror_invaliddata()
    static let decoderNotFound = vt_averror_decoder_not_found()
    static let noSuchFile = vt_averror_enoent()
    static let accessDenied = vt_averror_eacces()
    static let outOfMemory = vt_averror_enomem()
    static let exit = vt_averror_exit()
    /// `AV_NOPTS_VALUE`.
    static let noTimestamp = vt_nopts_value()

    /// FFmpeg's text for `code`.
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        if av_strerror(code, &buffer, buffer.count) < 0 { return "error \(code)" }
        return String(cBuffer: buffer)
    }

    /// A typed error for the failed call `what` on `subject` (a path or URL).
    static func error(_ code: Int32, _ what: String, subject: String) -> VideoError {
        let text = "\(subject): \(what): \(message(code))"
        switch code {
        case noSuchFile: return .notFound(text)
        case accessDenied: return .permissionDenied(text)
        case invalidData: return .corrupt(text)
        case endOfFile: return .truncated(text)
        case decoderNotFound: return .unsupportedCodec(text)
        case exit: return .timedOut(text)
        case outOfMemory: return .ffmpeg(text)
        default:
            // AVERROR(EIO) and friends are negated errno values.
            if code < 0, code > -200 { return .ioFailed(text) }
            return .ffmpeg(text)
        }
    }
}

/// Quiets FFmpeg's logging once per process: errors reach callers as ``VideoError``s instead of
/// being printed to stderr.
enum FFmpegLogging {
    private static let configured: Bool = {
        av_log_set_level(AV_LOG_QUIET)
        return true
    }()

    static func configure() { _ = configured }
}
#endif

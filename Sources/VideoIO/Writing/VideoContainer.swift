/// The container formats ``VideoWriter`` can write.
public enum VideoContainer: String, Sendable, CaseIterable {
    /// MP4 (ISO base media): H.264 or MPEG-4 Part 2, index at the end unless fast start.
    case mp4
    /// Matroska (`.mkv`): H.264, MPEG-4 Part 2 or VP8.
    case matroska
    /// WebM (`.webm`), Matroska restricted to VP8/VP9/AV1: always VP8 here.
    case webm
    /// MPEG transport stream (`.ts`): H.264 or MPEG-4 Part 2. Transport streams may be joined
    /// byte by byte; FFmpeg's muxer starts the timestamps at 1.4 s.
    case mpegTS

    /// FFmpeg's name of the muxer.
    var muxerName: String {
        switch self {
        case .mp4: "mp4"
        case .matroska: "matroska"
        case .webm: "webm"
        case .mpegTS: "mpegts"
        }
    }

    /// The name people know the format by, for messages.
    var displayName: String {
        switch self {
        case .mp4: "MP4"
        case .matroska: "Matroska"
        case .webm: "WebM"
        case .mpegTS: "MPEG-TS"
        }
    }
}

/// The video codecs ``VideoWriter`` can encode.
public enum VideoCodec: String, Sendable, CaseIterable {
    /// H.264 / AVC through libx264 (when this FFmpeg was built with it).
    case h264
    /// MPEG-4 Part 2 through FFmpeg's built-in `mpeg4` encoder (always present).
    case mpeg4
    /// VP8 through libvpx (when this FFmpeg was built with it): WebM's codec, also in Matroska.
    case vp8
}

/// Which codec a ``VideoWriter`` should use.
public enum VideoCodecPreference: Sendable, Equatable {
    /// H.264 when libx264 is available, else MPEG-4 Part 2; VP8 for WebM.
    case automatic
    /// Exactly this codec; opening fails with ``VideoError/unsupportedCodec(_:)`` if it is missing,
    /// or with ``VideoError/invalidArgument(_:)`` if the container cannot hold it.
    case exactly(VideoCodec)
}

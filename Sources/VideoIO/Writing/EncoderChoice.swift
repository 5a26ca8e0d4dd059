#if FFmpeg
import CFFmpeg

/// Which FFmpeg encoder a ``VideoWriter`` uses for a codec preference and a container.
enum EncoderChoice {
    /// The codec and its encoder: for `.automatic`, H.264 (libx264) else MPEG-4 Part 2, and VP8
    /// (libvpx) for WebM.
    /// - Throws: ``VideoError/unsupportedCodec(_:)`` when the encoder is missing from this FFmpeg,
    ///   ``VideoError/invalidArgument(_:)`` when the container cannot hold the codec.
    static func choose(_ preference: VideoCodecPreference,
                       for container: VideoContainer) throws(VideoError) -> (VideoCodec, UnsafePointer<AVCodec>) {
        let wanted: VideoCodec
        switch preference {
        case .automatic:
            if container == .webm {
                wanted = .vp8
            } else {
                return try automaticNonVP8()
            }
        case .exactly(let codec):
            wanted = codec
        }
        guard allowed(wanted, in: container) else {
            throw .invalidArgument("\(container.displayName) cannot hold \(wanted.rawValue) video")
        }
        guard let encoder = encoder(for: wanted) else {
            throw .unsupportedCodec("this FFmpeg has no \(encoderName(wanted)) encoder")
        }
        return (wanted, encoder)
    }

    private static func automaticNonVP8() throws(VideoError) -> (VideoCodec, UnsafePointer<AVCodec>) {
        if let x264 = encoder(for: .h264) { return (.h264, x264) }
        if let mpeg4 = encoder(for: .mpeg4) { return (.mpeg4, mpeg4) }
        throw .unsupportedCodec("this FFmpeg has neither libx264 nor the mpeg4 encoder")
    }

    /// Whether `container` may carry `codec`: WebM only VP8, MP4 and MPEG-TS no VP8.
    static func allowed(_ codec: VideoCodec, in container: VideoContainer) -> Bool {
        switch container {
        case .webm: codec == .vp8
        case .matroska: true
        case .mp4, .mpegTS: codec != .vp8
        }
    }

    static func encoder(for codec: VideoCodec) -> UnsafePointer<AVCodec>? {
        switch codec {
        case .h264: avcodec_find_encoder_by_name("libx264")
        case .mpeg4: avcodec_find_encoder(AV_CODEC_ID_MPEG4)
        case .vp8: avcodec_find_encoder_by_name("libvpx")
        }
    }

    private static func encoderName(_ codec: VideoCodec) -> String {
        switch codec {
        case .h264: "libx264 H.264"
        case .mpeg4: "mpeg4"
        case .vp8: "libvpx VP8"
        }
    }
}
#endif

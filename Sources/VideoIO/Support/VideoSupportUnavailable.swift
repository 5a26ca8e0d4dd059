#if !FFmpeg
import Imaging

// A build without the package trait `FFmpeg` (docs/platforms.md §3): no FFmpeg header or library
// is used. ``VideoReader`` and ``VideoWriter`` keep their whole API, and opening either throws
// ``VideoError/unavailable(_:)``; no instance of the states they would hold can be made, so
// nothing past that point runs.

enum FFmpegLibraries {
    /// Always throws: this build has no video support.
    static func load() throws(VideoError) { try unavailable() }

    static func unavailable() throws(VideoError) -> Never {
        throw .unavailable("this build reads and writes no videos: it was built without the package trait FFmpeg "
            + "(rebuild with the default traits, or with --traits FFmpeg)")
    }

    static var areAvailable: Bool { false }
}

enum FFmpegLogging {
    static func configure() {}
}

enum EncoderChoice {
    static func encoder(for codec: VideoCodec) -> Never? { nil }
}

/// No reader is ever opened: `open` throws, and nothing else can make one.
final class DecodingState {
    private init() {}

    static func open(_ source: String, options: VideoReader.Options) throws(VideoError) -> DecodingState {
        try FFmpegLibraries.unavailable()
    }

    // Never reached (no instance exists); here so that VideoReader compiles unchanged.
    var isDraining: Bool { false }
    var skippedPackets: Int { 0 }
    func interrupt() {}
    func streamInfo() -> VideoStreamInfo {
        VideoStreamInfo(width: 0, height: 0, framesPerSecond: nil, durationMilliseconds: nil, frameCount: nil, codecName: "", containerName: "")
    }
    func next(source: String, options: VideoReader.Options) throws(VideoError) -> VideoFrame? { try FFmpegLibraries.unavailable() }
}

/// No writer is ever opened: `init` throws.
final class EncodingState {
    init(path: String, width: Int, height: Int, framesPerSecond: Double, options: VideoWriter.Options) throws(VideoError) {
        try FFmpegLibraries.unavailable()
    }

    // Never reached (no instance exists); here so that VideoWriter compiles unchanged.
    var codec: VideoCodec { .mpeg4 }
    var frameCount: Int { 0 }
    var lastTimestamp: Int64? { nil }
    var takesI420: Bool { false }
    var yuvColorSpace: YUVColorSpace { .bt601VideoRange }
    func fit(_ image: Image, width: Int, height: Int, destination: String) throws(VideoError) -> Image {
        try FFmpegLibraries.unavailable()
    }
    func encode(_ image: Image, pts: Int64) throws(VideoError) { try FFmpegLibraries.unavailable() }
    func finish() throws(VideoError) { try FFmpegLibraries.unavailable() }
    func abandon() {}
}
#endif

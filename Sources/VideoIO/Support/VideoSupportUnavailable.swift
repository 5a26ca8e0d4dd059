#if !FFmpeg
import Imaging

// A build without the package trait `FFmpeg` (docs/platforms.md): no FFmpeg header or library
// is used. ``VideoReader`` and ``VideoWriter`` keep their whole API, and opening either throws
// ``VideoError/unavailable(_:)``; the states they would hold are uninhabited, so nothing past
// that point can run.

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

/// No reader is ever opened.
enum DecodingState {
    var isDraining: Bool { switch self {} }
    var skippedPackets: Int { switch self {} }
    func interrupt() { switch self {} }
    func streamInfo() -> VideoStreamInfo { switch self {} }
    func next(source: String, options: VideoReader.Options) throws(VideoError) -> VideoFrame? { switch self {} }
    static func open(_ source: String, options: VideoReader.Options) throws(VideoError) -> DecodingState {
        try FFmpegLibraries.unavailable()
    }
}

/// No writer is ever opened.
enum EncodingState {
    var codec: VideoCodec { switch self {} }
    var frameCount: Int { switch self {} }
    var lastTimestamp: Int64? { switch self {} }
    var takesI420: Bool { switch self {} }
    var yuvColorSpace: YUVColorSpace { switch self {} }
    init(path: String, width: Int, height: Int, framesPerSecond: Double, options: VideoWriter.Options) throws(VideoError) {
        try FFmpegLibraries.unavailable()
    }
    func fit(_ image: Image, width: Int, height: Int, destination: String) throws(VideoError) -> Image { switch self {} }
    func encode(_ image: Image, pts: Int64) throws(VideoError) { switch self {} }
    func finish() throws(VideoError) { switch self {} }
    func abandon() { switch self {} }
}
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging

/// Encodes RGB images to an MP4 file (or Matroska, WebM, MPEG-TS: ``Options/container``):
/// H.264 (libx264) when available, else MPEG-4 Part 2; VP8 (libvpx) for WebM.
///
/// The file is written atomically: frames go to a hidden temporary file in the destination's
/// folder, which ``finish()`` renames onto `path` after flushing the encoder and writing the
/// container's trailer. If the writer is dropped or ``cancel()``ed before that, the temporary file
/// is removed and `path` is untouched. A writer is not thread-safe.
///
/// ```swift
/// let writer = try VideoWriter(path: "out.mp4", width: 1280, height: 720, framesPerSecond: 30)
/// for (image, milliseconds) in frames { try writer.append(image, timestampMilliseconds: milliseconds) }
/// try writer.finish()
/// ```
public final class VideoWriter {
    /// Encoder settings.
    public struct Options: Sendable {
        /// The codec to use.
        public var codec: VideoCodecPreference
        /// H.264 constant rate factor (0 lossless … 51 worst; 18–23 look good), unless
        /// ``constantQuantizer`` is set.
        public var constantRateFactor: Int
        /// H.264 constant quantizer (0 lossless … 51 worst; 18–23 look good), used instead of
        /// ``constantRateFactor`` when set. Every frame gets the same quantizer, so libx264 skips its
        /// per-frame complexity analysis: with the `ultrafast` preset at 720p that is ~40 % less
        /// encoding time, for files of similar quality but less even size per frame. `nil` (the
        /// default) keeps constant-rate-factor mode.
        public var constantQuantizer: Int?
        /// libx264 preset (`"ultrafast"` … `"veryslow"`): speed against file size. For example, a
        /// 720p clip at quantizer/CRF 20 on one thread: `veryfast` with CRF ~6 ms per frame, 1×
        /// size; `superfast` ~4.5 ms, 3.5× size; `ultrafast` ~2.1 ms, 6× size, and with
        /// ``constantQuantizer`` ~1.4 ms, 3× size (all look alike; the faster presets drop CABAC,
        /// the deblocking filter and most motion search, so they need more bits).
        public var h264Preset: String
        /// MPEG-4 Part 2 fixed quantizer (1 best … 31 worst).
        public var mpeg4Quantizer: Int
        /// Encoder threads; 0 lets FFmpeg choose.
        public var encoderThreads: Int
        /// Put the MP4 index (`moov`) before the frames, so players can start before the whole file
        /// has arrived (costs one extra pass over the file in ``VideoWriter/finish()``).
        public var fastStart: Bool
        /// The colour space of the encoded video (tagged in the stream): RGB frames are converted
        /// into it, ``Imaging/PixelFormat/i420`` frames in it are encoded as they are. Use the
        /// decoded frames' ``Imaging/Image/yuvColorSpace`` to re-encode a video in its own space.
        public var yuvColorSpace: YUVColorSpace
        /// The container format written (MP4 by default, whatever the path's extension).
        public var container: VideoContainer
        /// What ``VideoWriter/append(_:timestampMilliseconds:)`` does with a frame whose size is not
        /// the video's: `false` (the default) rejects it; `true` scales it to fit the video's size
        /// with its aspect ratio kept, centred between black bands where the aspect ratios differ
        /// (letterbox or pillarbox), so a video whose frames change size mid-stream can be written
        /// at its first size.
        public var fitsOtherSizes: Bool

        public init(codec: VideoCodecPreference = .automatic, constantRateFactor: Int = 20,
                    constantQuantizer: Int? = nil, h264Preset: String = "veryfast", mpeg4Quantizer: Int = 3,
                    encoderThreads: Int = 0, fastStart: Bool = false, yuvColorSpace: YUVColorSpace = .bt601VideoRange,
                    container: VideoContainer = .mp4, fitsOtherSizes: Bool = false) {
            self.codec = codec
            self.constantRateFactor = constantRateFactor
            self.constantQuantizer = constantQuantizer
            self.h264Preset = h264Preset
            self.mpeg4Quantizer = mpeg4Quantizer
            self.encoderThreads = encoderThreads
            self.fastStart = fastStart
            self.yuvColorSpace = yuvColorSpace
            self.container = container
            self.fitsOtherSizes = fitsOtherSizes
        }
    }

    /// Whether this FFmpeg has the libx264 H.264 encoder.
    public static var isH264Available: Bool { canEncode(.h264) }

    /// Whether this FFmpeg has the encoder of `codec` (libx264, mpeg4, libvpx).
    public static func canEncode(_ codec: VideoCodec) -> Bool {
        FFmpegLibraries.areAvailable && EncoderChoice.encoder(for: codec) != nil
    }

    /// The destination path (written by ``finish()``).
    public let path: String
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// The nominal frame rate, frames per second.
    public let framesPerSecond: Double
    /// The codec actually used.
    public let codec: VideoCodec
    /// Frames appended so far.
    public var frameCount: Int { encoding?.frameCount ?? finishedFrameCount }

    private var encoding: EncodingState?
    private var finishedFrameCount = 0
    private let fitsOtherSizes: Bool

    /// Starts a video of `width`×`height` pixels at nominal `framesPerSecond` that ``finish()`` will
    /// move to `path`.
    /// - Throws: ``VideoError/invalidArgument(_:)`` for sizes or rates out of range,
    ///   ``VideoError/unsupportedCodec(_:)``, ``VideoError/ioFailed(_:)`` if the folder is not writable.
    public init(path: String, width: Int, height: Int, framesPerSecond: Double,
                options: Options = Options()) throws(VideoError) {
        try FFmpegLibraries.load()
        FFmpegLogging.configure()
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .invalidArgument("frame size \(width)×\(height) is outside 1…16384")
        }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw .invalidArgument("frame rate \(framesPerSecond) is outside (0, 1000] frames per second")
        }
        let state = try EncodingState(path: path, width: width, height: height,
                                      framesPerSecond: framesPerSecond, options: options)
        self.path = path
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.codec = state.codec
        self.encoding = state
        self.fitsOtherSizes = options.fitsOtherSizes
    }

    /// Encodes `image` (any ``Imaging/PixelFormat``), shown at
    /// `timestampMilliseconds` from the start (default: `frameCount / framesPerSecond` seconds).
    /// Timestamps are rounded to whole milliseconds and must increase.
    ///
    /// An ``Imaging/PixelFormat/i420`` image of even width and height in the writer's
    /// ``Options/yuvColorSpace`` (like a ``VideoFrame/yuvImage`` of a video in that space) goes to
    /// the encoder as it is, the cheapest input; any other image is converted to RGB and then by
    /// libswscale to the encoder's YUV.
    ///
    /// A frame of another size than the video's is scaled to fit when ``Options/fitsOtherSizes``
    /// is set (keeping its aspect ratio, between black bands), else rejected.
    /// - Throws: ``VideoError/invalidArgument(_:)`` for a wrong size or non-increasing timestamp
    ///   (the writer stays usable), other errors for encoder or disk failures (the writer is then
    ///   cancelled).
    public func append(_ image: Image, timestampMilliseconds: Double? = nil) throws(VideoError) {
        guard let encoding else { throw .invalidArgument("\(path): the writer is already finished or cancelled") }
        let sameSize = image.width == width && image.height == height
        guard sameSize || fitsOtherSizes else {
            throw .invalidArgument("\(path): frame is \(image.width)×\(image.height), the video is \(width)×\(height)")
        }
        var input: Image
        if image.format == .rgb8 || (image.format == .i420 && encoding.takesI420 && image.yuvColorSpace == encoding.yuvColorSpace) {
            input = image
        } else {
            do { input = try image.converted(to: .rgb8) } catch { throw .invalidArgument("\(path): converting the frame to RGB: \(error)") }
        }
        if !sameSize {
            if input.format != .rgb8 {
                do { input = try input.converted(to: .rgb8) } catch { throw .invalidArgument("\(path): converting the frame to RGB: \(error)") }
            }
            input = try encoding.fit(input, width: width, height: height, destination: path)
        }
        let milliseconds = timestampMilliseconds ?? Double(encoding.frameCount) * 1000 / framesPerSecond
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e15 else {
            throw .invalidArgument("\(path): timestamp \(milliseconds) ms is not a finite non-negative time")
        }
        let pts = Int64(milliseconds.rounded())
        if let last = encoding.lastTimestamp, pts <= last {
            throw .invalidArgument("\(path): timestamp \(pts) ms does not follow the previous frame's \(last) ms")
        }
        do {
            try encoding.encode(input, pts: pts)
        } catch {
            cancel()
            throw error
        }
    }

    /// Flushes the encoder, writes the container's trailer and renames the temporary file onto ``path``.
    /// - Throws: ``VideoError/invalidArgument(_:)`` if no frame was appended (nothing is written).
    public func finish() throws(VideoError) {
        guard let encoding else { throw .invalidArgument("\(path): the writer is already finished or cancelled") }
        guard encoding.frameCount > 0 else {
            cancel()
            throw .invalidArgument("\(path): no frames were appended; no video written")
        }
        do {
            try encoding.finish()
        } catch {
            cancel()
            throw error
        }
        finishedFrameCount = encoding.frameCount
        self.encoding = nil
    }

    /// Stops without writing: the temporary file is removed and ``path`` is left as it was.
    public func cancel() {
        guard let encoding else { return }
        finishedFrameCount = encoding.frameCount
        encoding.abandon()
        self.encoding = nil
    }

    deinit { encoding?.abandon() }
}

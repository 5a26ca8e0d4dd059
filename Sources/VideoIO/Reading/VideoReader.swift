import Foundation
import Imaging

/// Decodes the best video stream of a file, URL or capture device frame by frame into RGB images.
///
/// ```swift
/// let reader = try VideoReader(path: "clip.mp4")
/// while let frame = try reader.nextFrame() {
///     print(frame.timestampMilliseconds, frame.image.width)
/// }
/// ```
///
/// Sources: a file path, any URL FFmpeg's protocols accept (`rtsp://`, `http://`, ...), or a
/// capture device `/dev/video*` (through libavdevice's video4linux2 input, when present). A reader is
/// not thread-safe: use it from one thread (or task) at a time.
public final class VideoReader {
    /// How a ``VideoReader`` opens and decodes.
    public struct Options: Sendable {
        /// Subtract the first frame's pts so that its timestamp is 0 ms (the default); if false,
        /// timestamps are the container's pts × time base.
        public var rebasesTimestamps: Bool
        /// The longest a single blocking read (opening, reading a packet) may take, in seconds,
        /// before it fails with ``VideoError/timedOut(_:)``; `nil` waits forever.
        public var readTimeoutSeconds: Double?
        /// Decoder threads; 0 lets FFmpeg choose.
        public var decoderThreads: Int
        /// Consecutive packets the decoder may reject before the input is declared corrupt.
        public var maximumConsecutiveDecodeErrors: Int
        /// The largest frame accepted.
        public var limits: ImageLimits
        /// Also hand out each frame as decoded, in ``VideoFrame/yuvImage``, when the stream is 8-bit
        /// YUV 4:2:0 in BT.601 or BT.709 (video or full range) of even size, so that it can
        /// be drawn on and re-encoded by ``VideoWriter`` without converting to RGB and back. Its
        /// planes borrow the decoder's buffers (nothing is copied until it is drawn on).
        public var keepsYUV: Bool
        /// A frame of 8-bit YUV 4:2:0 (those ``keepsYUV`` keeps) is handed out as I420,
        /// carrying the reader's conversion to RGB (``Imaging/Image/rgbConverter``), which runs on the
        /// thread that reads the pixels as RGB (the same conversion, the same pixels): a task's
        /// crops convert only the rectangles they read, and ``VideoFrame/convertedToRGB()`` the
        /// whole frame. Without ``keepsYUV``, while the frames let go were read whole (a detector's
        /// crop of the whole frame on every frame), the reader converts frames itself again as it
        /// decodes them, while they are in the cache, deferring every 16th to notice a change.
        public var defersRGBConversion: Bool

        public init(rebasesTimestamps: Bool = true, readTimeoutSeconds: Double? = 15, decoderThreads: Int = 0,
                    maximumConsecutiveDecodeErrors: Int = 100, limits: ImageLimits = .default, keepsYUV: Bool = false,
                    defersRGBConversion: Bool = false) {
            self.rebasesTimestamps = rebasesTimestamps
            self.readTimeoutSeconds = readTimeoutSeconds
            self.decoderThreads = decoderThreads
            self.maximumConsecutiveDecodeErrors = maximumConsecutiveDecodeErrors
            self.limits = limits
            self.keepsYUV = keepsYUV
            self.defersRGBConversion = defersRGBConversion
        }
    }

    /// The path, URL or device this reader was opened on.
    public let source: String
    /// The options it was opened with.
    public let options: Options
    /// What the container says about the video stream.
    public let info: VideoStreamInfo
    /// Packets the decoder rejected so far (damaged data that was skipped).
    public private(set) var skippedPacketCount = 0

    let decoding: DecodingState

    /// Opens `path` (a file, URL or `/dev/video*` device) and prepares the decoder of its best video
    /// stream.
    /// - Throws: ``VideoError/notFound(_:)``, ``VideoError/corrupt(_:)`` (not a media file, or
    ///   damaged), ``VideoError/noVideoStream(_:)``, ``VideoError/unsupportedCodec(_:)``,
    ///   ``VideoError/timedOut(_:)``, ...
    public init(path: String, options: Options = Options()) throws(VideoError) {
        try FFmpegLibraries.load()
        FFmpegLogging.configure()
        self.source = path
        self.options = options
        let state = try DecodingState.open(path, options: options)
        self.decoding = state
        self.info = state.streamInfo()
    }

    /// Starts loading FFmpeg's libraries on a background thread and returns at once, so that a
    /// reader or writer opened later (after a task's models have loaded, say) finds them loaded
    /// instead of waiting for them: Debian's FFmpeg pulls in about 150 shared libraries, 30–90 ms
    /// of relocations. Loading happens once per process; an error is reported by the first reader
    /// or writer, as without this call.
    public static func loadFFmpegInBackground() {
        Thread.detachNewThread { _ = FFmpegLibraries.areAvailable }
    }

    /// Aborts a blocking read in progress on another thread (a stalled network stream or device),
    /// and every later read: ``nextFrame()`` then fails with ``VideoError/timedOut(_:)`` or returns
    /// `nil`. The only member that may be called from another thread.
    package func interrupt() { decoding.interrupt() }

    /// Whether the input has ended and the frames still coming are those the decoder held back
    /// (B-frame reordering, frame threads), handed out together.
    package var isDraining: Bool { decoding.isDraining }

    /// Decodes and returns the next frame, or `nil` at the end of the stream.
    ///
    /// Allocates only the returned image's pixels (packets, frames and the converter are reused).
    /// Damaged packets are skipped and counted in ``skippedPacketCount``; too many in a row, or a
    /// stream in which no frame decodes at all, throw ``VideoError/corrupt(_:)``.
    ///
    /// Damage that leaves decodable frames is reported at the end of a regular file, after its
    /// last frame, instead of `nil`: ``VideoError/truncated(_:)`` when an MP4's index refers past
    /// the end of the file, or another container's streams end well before its declared duration
    /// (a cut Matroska or WebM file); ``VideoError/corrupt(_:)`` when frames are missing (a gap
    /// between consecutive frames of more than 2 s and 25 nominal frame durations, as a damaged or
    /// removed block of a Matroska file leaves) or packets failed to decode after the first frame.
    /// Frames may change size mid-stream. Pipes, devices and network streams, and the timestamps
    /// of formats such as MPEG-TS (which may jump where clips were joined), are not judged by time.
    public func nextFrame() throws(VideoError) -> VideoFrame? {
        let frame = try decoding.next(source: source, options: options)
        skippedPacketCount = decoding.skippedPackets
        return frame
    }
}

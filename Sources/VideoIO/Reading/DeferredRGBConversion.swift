#if FFmpeg
import CFFmpeg
import Imaging
import Locking

/// Converts a reader's frames, handed out as I420, to RGB on whichever thread asks
/// (``VideoReader/Options/defersRGBConversion``), with the reader's own conversion: the picture is
/// described to ``RGBConverter`` as the decoded frame was (its pixel format, matrix and range), so
/// swscale is set up alike and gives the same pixels. One conversion at a time.
///
/// A rectangle of a frame is converted alone the same way, its planes read from the rectangle's
/// first pixel (``FrameRGBConverter/region(covering:width:height:)`` says which rectangles give the
/// whole frame's bytes); a converter is kept per size, for the few sizes a run crops.
///
/// It also remembers whether the last frame let go was read whole (``FrameRGBConverter`` tells it),
/// for the reader to choose how to hand out the next ones (``handsOutRGB(frameIndex:)``).
final class DeferredRGBConversion: Sendable {
    private struct State: @unchecked Sendable {
        var converters: [Int: RGBConverter] = [:]
        /// Describes the picture being converted; its planes are the picture's, only during a conversion.
        let frame: UnsafeMutablePointer<AVFrame>?
        var lastFrameReadWhole = false
    }

    /// While frames are read whole, every this many a frame is deferred anyway, to notice when
    /// they are not any more.
    private static let probeInterval = 16

    /// Converters kept at most; a run that crops more sizes starts over.
    private static let sizesKept = 8

    private let state = Locked(State(frame: av_frame_alloc()))

    deinit {
        state.withLock { state in
            var frame = state.frame
            av_frame_free(&frame)
        }
    }

    /// Notes how the last frame let go was read: whole, or only in rectangles (or not at all).
    func noteFrame(readWhole: Bool) {
        state.withLock { $0.lastFrameReadWhole = readWhole }
    }

    /// Whether the reader had better convert frame `frameIndex` whole itself, as it is decoded
    /// (while it is in the cache), than defer it: when the last frame
    /// let go was read whole (a detector's crop of the whole frame, as every frame of a face
    /// detector's run), except every ``probeInterval``-th frame.
    func handsOutRGB(frameIndex: Int) -> Bool {
        state.withLock { $0.lastFrameReadWhole } && frameIndex % Self.probeInterval != 0
    }

    /// `image` (I420, a ``VideoFrame/yuvImage``), or its columns `x..<x + width` and rows
    /// `y..<y + height` (`x` and `y` even), in RGB, as the reader converts a frame decoded in
    /// `format`.
    func rgbImage(fromI420 image: Image, region: (x: Int, y: Int, width: Int, height: Int)? = nil,
                  decodedAs format: AVPixelFormat, limits: ImageLimits, source: String) throws(VideoError) -> Image {
        try state.withLock { (state) throws(VideoError) -> Image in
            let (x, y, width, height) = region ?? (0, 0, image.width, image.height)
            guard let frame = state.frame, image.format == .i420, image.planes.count == 3, x % 2 == 0, y % 2 == 0,
                  x >= 0, y >= 0, width > 0, height > 0, x + width <= image.width, y + height <= image.height else {
                throw .ffmpeg("\(source): cannot convert a frame or a rectangle of it to RGB")
            }
            let key = width << 32 | height
            if state.converters[key] == nil, state.converters.count == Self.sizesKept { state.converters = [:] }
            let converter = state.converters[key] ?? RGBConverter()
            state.converters[key] = converter
            frame.pointee.width = Int32(width)
            frame.pointee.height = Int32(height)
            frame.pointee.format = format.rawValue
            frame.pointee.colorspace = image.yuvColorSpace.ffmpegMatrix
            frame.pointee.color_range = image.yuvColorSpace.ffmpegRange
            let planes = image.planes
            let starts = [y * planes[0].rowStride + x, y / 2 * planes[1].rowStride + x / 2, y / 2 * planes[2].rowStride + x / 2]
            return try planes[0].withUnsafeBufferPointer { (luma) throws(VideoError) -> Image in
                try planes[1].withUnsafeBufferPointer { (u) throws(VideoError) -> Image in
                    try planes[2].withUnsafeBufferPointer { (v) throws(VideoError) -> Image in
                        frame.pointee.data.0 = UnsafeMutablePointer(mutating: luma.baseAddress! + starts[0])
                        frame.pointee.data.1 = UnsafeMutablePointer(mutating: u.baseAddress! + starts[1])
                        frame.pointee.data.2 = UnsafeMutablePointer(mutating: v.baseAddress! + starts[2])
                        frame.pointee.linesize.0 = Int32(planes[0].rowStride)
                        frame.pointee.linesize.1 = Int32(planes[1].rowStride)
                        frame.pointee.linesize.2 = Int32(planes[2].rowStride)
                        defer { (frame.pointee.data.0, frame.pointee.data.1, frame.pointee.data.2) = (nil, nil, nil) }
                        return try converter.rgbImage(from: frame, limits: limits, source: source)
                    }
                }
            }
        }
    }
}
#endif

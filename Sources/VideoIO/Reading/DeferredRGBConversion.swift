#if FFmpeg
import CFFmpeg
import Imaging
import Locking

/// Converts the I420 copies of a reader's frames to RGB on whichever thread asks
/// (``VideoReader/Options/defersRGBConversion``), with the reader's own conversion: the copy is
/// described to ``RGBConverter`` as the decoded frame was (its pixel format, matrix and range), so
/// swscale is set up alike and gives the same pixels. One conversion at a time.
final class DeferredRGBConversion: Sendable {
    private struct State: @unchecked Sendable {
        let converter = RGBConverter()
        /// Describes the copy being converted; its planes are the copy's, only during a conversion.
        let frame: UnsafeMutablePointer<AVFrame>?
    }

    private let state = Locked(State(frame: av_frame_alloc()))

    deinit {
        state.withLock { state in
            var frame = state.frame
            av_frame_free(&frame)
        }
    }

    /// `image` (I420, a ``VideoFrame/yuvImage``) in RGB, as the reader converts a frame decoded in
    /// `format`.
    func rgbImage(fromI420 image: Image, decodedAs format: AVPixelFormat, limits: ImageLimits,
                  source: String) throws(VideoError) -> Image {
        try state.withLock { (state) throws(VideoError) -> Image in
            guard let frame = state.frame, image.format == .i420, image.planes.count == 3 else {
                throw .ffmpeg("\(source): cannot convert a frame to RGB (out of memory)")
            }
            frame.pointee.width = Int32(image.width)
            frame.pointee.height = Int32(image.height)
            frame.pointee.format = format.rawValue
            frame.pointee.colorspace = image.yuvColorSpace.matrix == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
            frame.pointee.color_range = image.yuvColorSpace.isFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
            let planes = image.planes
            return try planes[0].bytes.withUnsafeBufferPointer { (luma) throws(VideoError) -> Image in
                try planes[1].bytes.withUnsafeBufferPointer { (u) throws(VideoError) -> Image in
                    try planes[2].bytes.withUnsafeBufferPointer { (v) throws(VideoError) -> Image in
                        frame.pointee.data.0 = UnsafeMutablePointer(mutating: luma.baseAddress)
                        frame.pointee.data.1 = UnsafeMutablePointer(mutating: u.baseAddress)
                        frame.pointee.data.2 = UnsafeMutablePointer(mutating: v.baseAddress)
                        frame.pointee.linesize.0 = Int32(planes[0].rowStride)
                        frame.pointee.linesize.1 = Int32(planes[1].rowStride)
                        frame.pointee.linesize.2 = Int32(planes[2].rowStride)
                        defer { (frame.pointee.data.0, frame.pointee.data.1, frame.pointee.data.2) = (nil, nil, nil) }
                        return try state.converter.rgbImage(from: frame, limits: limits, source: source)
                    }
                }
            }
        }
    }
}
#endif

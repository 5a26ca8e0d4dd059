import Imaging

/// One decoded video frame.
public struct VideoFrame: Sendable {
    /// The pixels as ``Imaging/PixelFormat/rgb8``, rows tightly packed (`width × 3` bytes). For a
    /// frame read with ``VideoReader/Options/defersRGBConversion``, the ``yuvImage`` instead, with
    /// the reader's conversion as its ``Imaging/Image/rgbConverter``: read as RGB (a crop, a
    /// conversion, ``convertedToRGB()``) it gives the reader's pixels, and a crop converts only the
    /// rectangle it reads.
    public let image: Image
    /// Presentation time in milliseconds: the container's pts × time base, minus the first frame's
    /// (so the first frame is at 0) unless ``VideoReader/Options/rebasesTimestamps`` is false.
    public let timestampMilliseconds: Double
    /// The 0-based position of this frame among the frames returned by the reader.
    public let index: Int
    /// Whether the decoder marked this frame as a key frame.
    public let isKeyFrame: Bool
    /// The frame as decoded, as ``Imaging/PixelFormat/i420`` with tightly packed planes, when
    /// ``VideoReader/Options/keepsYUV`` is set and the stream is 8-bit 4:2:0 of even width and
    /// height in BT.601 (untagged, SMPTE 170M or BT.470 BG) or BT.709, video or full range, which
    /// its ``Imaging/Image/yuvColorSpace`` says; else `nil`.
    public let yuvImage: Image?

    package init(image: Image, timestampMilliseconds: Double, index: Int, isKeyFrame: Bool, yuvImage: Image? = nil) {
        self.image = image
        self.timestampMilliseconds = timestampMilliseconds
        self.index = index
        self.isKeyFrame = isKeyFrame
        self.yuvImage = yuvImage
    }

    /// This frame with its ``image`` in RGB: the frame itself, or for a frame read with
    /// ``VideoReader/Options/defersRGBConversion``, its ``yuvImage`` converted now, on the calling
    /// thread, to the pixels the reader would have given.
    /// - Throws: ``VideoError`` when the conversion fails (out of memory).
    public func convertedToRGB() throws(VideoError) -> VideoFrame {
        #if FFmpeg
        guard let converter = image.rgbConverter as? FrameRGBConverter else { return self }
        return VideoFrame(image: try converter.convertedImage(of: image), timestampMilliseconds: timestampMilliseconds,
                          index: index, isKeyFrame: isKeyFrame, yuvImage: yuvImage)
        #else
        return self
        #endif
    }
}

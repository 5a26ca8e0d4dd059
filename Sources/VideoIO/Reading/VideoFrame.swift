import Imaging

/// One decoded video frame.
public struct VideoFrame: Sendable {
    /// The pixels as ``Imaging/PixelFormat/rgb8``, rows tightly packed (`width × 3` bytes).
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
}

#if FFmpeg
import CFFmpeg
import Imaging
import Locking

/// A deferred frame's conversion to RGB, carried by its I420 picture as its
/// ``Imaging/Image/rgbConverter`` (``VideoReader/Options/defersRGBConversion``): the reader's own
/// conversion (``DeferredRGBConversion``), of the whole frame or of the rectangle a crop reads.
///
/// One per frame. The whole frame is converted once and kept for the frame's later readings; and
/// once the rectangles converted would pass half the frame (a detector's whole-frame crop, tiles,
/// several people), the rest of the frame's crops read the whole frame instead, so that a frame
/// never costs much more than its whole conversion.
final class FrameRGBConverter: RGBConverting {
    private let conversion: DeferredRGBConversion
    private let format: AVPixelFormat
    private let limits: ImageLimits
    private let source: String
    private struct Progress {
        var whole: Image?
        var pixelsConverted = 0
    }
    private let progress = Locked(Progress())

    init(_ conversion: DeferredRGBConversion, decodedAs format: AVPixelFormat, limits: ImageLimits, source: String) {
        self.conversion = conversion
        self.format = format
        self.limits = limits
        self.source = source
    }

    deinit {
        conversion.noteFrame(readWhole: progress.withLock { $0.whole != nil })
    }

    /// The whole frame, failing as the reader fails.
    func convertedImage(of image: Image) throws(VideoError) -> Image {
        try progress.withLock { (progress) throws(VideoError) -> Image in
            if let whole = progress.whole { return whole }
            let whole = try conversion.rgbImage(fromI420: image, decodedAs: format, limits: limits, source: source)
            progress.whole = whole
            return whole
        }
    }

    func rgbImage(of image: Image) throws(ImageError) -> Image {
        try Self.asImageError { () throws(VideoError) in try convertedImage(of: image) }
    }

    func rgbImage(of image: Image, covering box: PixelRanges) throws(ImageError) -> (image: Image, x: Int, y: Int)? {
        guard !box.xs.isEmpty, !box.ys.isEmpty, box.xs.lowerBound >= 0, box.ys.lowerBound >= 0,
              box.xs.upperBound <= image.width, box.ys.upperBound <= image.height,
              let region = Self.region(covering: box, width: image.width, height: image.height) else { return nil }
        let budget = image.width * image.height / 2
        let proceeds = progress.withLock { progress in
            guard progress.whole == nil, progress.pixelsConverted + region.width * region.height <= budget else { return false }
            progress.pixelsConverted += region.width * region.height
            return true
        }
        guard proceeds else { return nil }
        let pixels = try Self.asImageError { () throws(VideoError) in
            try conversion.rgbImage(fromI420: image, region: region, decodedAs: format, limits: limits, source: source)
        }
        return (pixels, region.x, region.y)
    }

    /// `convert`'s picture, a reader's failure reported as a picture's.
    private static func asImageError(_ convert: () throws(VideoError) -> Image) throws(ImageError) -> Image {
        do {
            return try convert()
        } catch {
            throw .corrupt("\(error)")
        }
    }

    /// The rectangle converted for `box` in a `width`×`height` frame (both even, as every
    /// ``VideoFrame/yuvImage`` is): swscale converts 8-bit 4:2:0 pixel by pixel (each chroma
    /// sample for its 2×2 pixels) in steps of 16 columns and pairs of rows, so a rectangle whose
    /// first column and row are even, whose width is whole steps and whose height is even gives
    /// the bytes the whole frame has there, reading nothing outside it (checked against the whole
    /// frame's conversion in all four colour spaces, docs/image-decoding.md §5). The width is
    /// rounded up to 64 columns and the height to 16 rows, so that one converter serves the many
    /// rectangles of a tracked object; a rectangle that would reach past the frame's right or
    /// bottom edge ends there instead, and one that would not fit takes the frame's whole width or
    /// height. `nil` when that is the whole frame.
    static func region(covering box: PixelRanges, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        func span(_ pixels: Range<Int>, step: Int, count: Int) -> (start: Int, length: Int) {
            let start = pixels.lowerBound & ~1
            let length = RGBConverter.whole(step, pixels.upperBound - start)
            return length < count ? (min(start, count - length), length) : (0, count)
        }
        guard width % 2 == 0, height % 2 == 0 else { return nil }
        let columns = span(box.xs, step: 64, count: width), rows = span(box.ys, step: 16, count: height)
        guard columns.length < width || rows.length < height else { return nil }
        return (columns.start, rows.start, columns.length, rows.length)
    }
}
#endif

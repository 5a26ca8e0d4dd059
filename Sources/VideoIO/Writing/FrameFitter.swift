#if FFmpeg
import CFFmpeg
import Imaging

/// Scales RGB frames of another size into a video's frame size, keeping their aspect ratio: the
/// picture is scaled to fit and centred, and the bands left over (top and bottom, or left and
/// right) are black. A frame of the same aspect ratio fills the whole frame (a plain rescale).
final class FrameFitter {
    private var context: OpaquePointer?

    deinit { sws_freeContext(context) }

    /// The size in pixels a `width`×`height` picture takes inside `targetWidth`×`targetHeight`
    /// with its aspect ratio kept (at least 1×1).
    static func fittedSize(width: Int, height: Int, targetWidth: Int, targetHeight: Int) -> (width: Int, height: Int) {
        // Compare width/height with targetWidth/targetHeight without dividing.
        if width * targetHeight >= targetWidth * height {
            let scaled = Int((Double(height) * Double(targetWidth) / Double(width)).rounded())
            return (targetWidth, min(max(1, scaled), targetHeight))
        }
        let scaled = Int((Double(width) * Double(targetHeight) / Double(height)).rounded())
        return (min(max(1, scaled), targetWidth), targetHeight)
    }

    /// `image` (``Imaging/PixelFormat/rgb8``) scaled and centred on a black `width`×`height` RGB frame.
    func fit(_ image: Image, width: Int, height: Int, destination: String) throws(VideoError) -> Image {
        guard image.format == .rgb8 else { throw .invalidArgument("\(destination): only RGB frames are fitted") }
        let fitted = Self.fittedSize(width: image.width, height: image.height, targetWidth: width, targetHeight: height)
        guard let created = sws_getCachedContext(context, Int32(image.width), Int32(image.height), AV_PIX_FMT_RGB24,
                                                 Int32(fitted.width), Int32(fitted.height), AV_PIX_FMT_RGB24,
                                                 SWS_BILINEAR, nil, nil, nil) else {
            throw .ffmpeg("\(destination): swscale cannot scale \(image.width)×\(image.height) to \(fitted.width)×\(fitted.height)")
        }
        context = created
        let left = (width - fitted.width) / 2, top = (height - fitted.height) / 2
        let rowBytes = width * 3
        let destinationStrides: [Int32] = [Int32(clamping: rowBytes), 0, 0, 0]
        var canvas = [UInt8](repeating: 0, count: rowBytes * height)
        let scaledRows = canvas.withUnsafeMutableBufferPointer { output in
            let destinations: [UnsafeMutablePointer<UInt8>?] = [output.baseAddress! + top * rowBytes + left * 3, nil, nil, nil]
            return scaleRGB24(created, image, into: destinations, strides: destinationStrides)
        }
        guard scaledRows == Int32(fitted.height) else {
            throw .ffmpeg("\(destination): swscale scaled \(scaledRows) of \(fitted.height) rows")
        }
        do {
            return try Image(width: width, height: height, format: .rgb8, bytes: canvas)
        } catch {
            throw .invalidArgument("\(destination): \(error)")
        }
    }
}
#endif

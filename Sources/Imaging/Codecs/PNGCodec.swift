import CPNG
import FileIO

/// PNG decoding through libpng (the C side, with its setjmp error handling, is in the CPNG shim;
/// Swift only sees return codes). The most common files are decoded by ``PNGDirectDecoder``
/// instead, to the same pixels; ``PNGEncoder`` writes PNG files.
///
/// Decoded layouts: gray → ``PixelFormat/gray8``; RGB and palette without transparency →
/// ``PixelFormat/rgb8``; gray+alpha, RGBA, palette or gray/RGB with a tRNS chunk →
/// ``PixelFormat/rgba8`` (gray replicated). 1/2/4-bit gray is scaled to 0…255; 16-bit samples keep
/// their most significant byte (libpng's `png_set_strip_16`, as OpenCV's 8-bit reads). Interlaced
/// files are supported. No gamma or colour-profile correction is applied.
enum PNGCodec {
    static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> Image {
        if let image = PNGDirectDecoder.decode(bytes, limits: limits) { return image }
        return try decodeWithLibPNG(bytes, limits: limits)
    }

    private static func decodeWithLibPNG(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> Image {
        var info = vt_png_info()
        var message = [CChar](repeating: 0, count: 256)
        let probe = bytes.withUnsafeBufferPointer { data in
            vt_png_probe(data.baseAddress, data.count, &info, &message, message.count)
        }
        try check(probe, message)
        let width = Int(info.width), height = Int(info.height)
        try limits.check(width: width, height: height)
        let format: PixelFormat
        switch info.outChannels {
        case 1: format = .gray8
        case 3: format = .rgb8
        case 4: format = .rgba8
        default: throw .unsupported("PNG with \(info.outChannels) channels after expansion")
        }
        let stride = width * format.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: stride * height)
        let status = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { out in
                vt_png_decode(data.baseAddress, data.count, &info, out.baseAddress, stride, out.count, &message, message.count)
            }
        }
        try check(status, message)
        return Image(uncheckedWidth: width, height: height, format: format, planes: [ImagePlane(bytes: pixels, rowStride: stride)])
    }

    private static func check(_ status: Int32, _ message: [CChar]) throws(ImageError) {
        let text = String(cBuffer: message)
        switch status {
        case Int32(VT_PNG_OK): return
        case Int32(VT_PNG_TRUNCATED): throw .truncated(text.isEmpty ? "PNG data ends early" : text)
        case Int32(VT_PNG_NO_MEMORY): throw .outOfMemory
        default: throw .corrupt(text.isEmpty ? "invalid PNG" : "PNG: \(text)")
        }
    }
}

extension Image {
    /// The image encoded as PNG (8-bit gray, RGB or RGBA; BGRA is stored as RGBA and YUV as RGB):
    /// rows Up-filtered, `compressionLevel` zlib's 0…9, 1 the fastest (docs/image-decoding.md §4).
    public func pngData(compressionLevel: Int = 6) throws(ImageError) -> [UInt8] {
        let source: Image
        switch format {
        case .gray8, .rgb8, .rgba8: source = self
        case .bgra8: source = try converted(to: .rgba8)
        case .nv12, .nv21, .i420: source = try converted(to: .rgb8)
        }
        let plane = source.planes[0]
        return try plane.bytes.withUnsafeBufferPointer { (pixels) throws(ImageError) in
            try PNGEncoder.encode(pixels, width: source.width, height: source.height, rowStride: plane.rowStride,
                                  channels: source.format.bytesPerPixel, compressionLevel: compressionLevel)
        }
    }

    /// `width × height` 8-bit gray pixels, row-major with no padding, encoded as PNG without first
    /// copying them into an image (a segmentation mask's bytes, say). See ``pngData(compressionLevel:)``.
    public static func pngData(gray pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                               compressionLevel: Int = 6) throws(ImageError) -> [UInt8] {
        try PNGEncoder.encode(pixels, width: width, height: height, rowStride: width, channels: 1,
                              compressionLevel: compressionLevel)
    }

    /// Writes the image as a PNG file.
    public func writePNG(toFile path: String, compressionLevel: Int = 6) throws(ImageError) {
        let bytes = try pngData(compressionLevel: compressionLevel)
        do { try FileBytes.write(bytes, to: path) } catch { throw ImageError(error) }
    }
}

import CJPEG
import FileIO

/// JPEG decoding and encoding through libjpeg-turbo (the C side, with its setjmp error handling, is
/// in the CJPEG shim; Swift only sees return codes).
///
/// Decoding uses libjpeg-turbo's defaults, the same as OpenCV's `imdecode` and Pillow: the accurate
/// integer IDCT (`JDCT_ISLOW`), fancy (triangle-filter) chroma upsampling, and block smoothing for
/// progressive files. Gray files decode to ``PixelFormat/gray8``, YCbCr and RGB files to
/// ``PixelFormat/rgb8``; CMYK/YCCK files are ``ImageError/unsupported(_:)``. A file that ends early
/// is ``ImageError/truncated(_:)``, even though libjpeg itself would pad it with gray; other
/// recoverable corruption (libjpeg warnings) is tolerated, as OpenCV does. Progressive files with more
/// than 500 scans are refused.
enum JPEGCodec {
    static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> Image {
        var info = vt_jpeg_info()
        var message = [CChar](repeating: 0, count: 256)
        let probe = bytes.withUnsafeBufferPointer { data in
            vt_jpeg_probe(data.baseAddress, data.count, &info, &message, message.count)
        }
        try check(probe, message)
        let width = Int(info.width), height = Int(info.height)
        try limits.check(width: width, height: height)
        let format: PixelFormat
        switch info.outChannels {
        case 1: format = .gray8
        case 3: format = .rgb8
        default: throw .unsupported("JPEG colour space \(info.colorSpace) with \(info.components) components (CMYK/YCCK)")
        }
        let stride = width * format.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: stride * height)
        let status = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { out in
                vt_jpeg_decode(data.baseAddress, data.count, &info, out.baseAddress, stride, out.count, &message, message.count)
            }
        }
        try check(status, message)
        return Image(uncheckedWidth: width, height: height, format: format, planes: [ImagePlane(bytes: pixels, rowStride: stride)])
    }

    static func encode(_ image: Image, quality: Int) throws(ImageError) -> [UInt8] {
        guard (1...100).contains(quality) else { throw .invalidArgument("JPEG quality \(quality) not in 1…100") }
        let source = image.format == .gray8 || image.format == .rgb8 ? image : try image.converted(to: .rgb8)
        var data: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let plane = source.planes[0]
        let status = plane.bytes.withUnsafeBufferPointer { pixels in
            vt_jpeg_encode(pixels.baseAddress, UInt32(source.width), UInt32(source.height), plane.rowStride,
                           Int32(source.format.bytesPerPixel), Int32(quality), &data, &size, &message, message.count)
        }
        defer { free(data) }
        try check(status, message)
        guard let data else { throw .outOfMemory }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    private static func check(_ status: Int32, _ message: [CChar]) throws(ImageError) {
        let text = String(cBuffer: message)
        switch status {
        case Int32(VT_JPEG_OK): return
        case Int32(VT_JPEG_TRUNCATED): throw .truncated(text.isEmpty ? "JPEG data ends early" : "JPEG: \(text)")
        case Int32(VT_JPEG_UNSUPPORTED): throw .unsupported(text.isEmpty ? "JPEG colour space" : text)
        case Int32(VT_JPEG_LIMIT): throw .corrupt("JPEG: \(text)")
        default: throw .corrupt(text.isEmpty ? "invalid JPEG" : "JPEG: \(text)")
        }
    }
}

extension Image {
    /// The image encoded as a baseline JPEG (4:2:0 for colour) at `quality` 1…100. Gray stays gray;
    /// every other format is converted to RGB (alpha is dropped).
    public func jpegData(quality: Int = 90) throws(ImageError) -> [UInt8] {
        try JPEGCodec.encode(self, quality: quality)
    }

    /// Writes the image as a JPEG file.
    public func writeJPEG(toFile path: String, quality: Int = 90) throws(ImageError) {
        let bytes = try jpegData(quality: quality)
        do { try FileBytes.write(bytes, to: path) } catch { throw ImageError(error) }
    }
}

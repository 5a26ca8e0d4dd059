import CImageFormats

/// WebP decoding through libwebp, loaded on first use (the CImageFormats target).
///
/// Still images, lossy or lossless, decode to RGB, or RGBA when the file has alpha, with libwebp's
/// default (fancy) chroma upsampling, as Pillow decodes them. Animated files are
/// ``ImageError/unsupported(_:)``. The orientation comes from the file's `EXIF` chunk, if any.
enum WebPCodec {
    static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> Image {
        var message = [CChar](repeating: 0, count: 512)
        var width: Int32 = 0, height: Int32 = 0, hasAlpha: Int32 = 0, isAnimated: Int32 = 0
        let probed = bytes.withUnsafeBufferPointer { data in
            vt_webp_probe(data.baseAddress, data.count, &width, &height, &hasAlpha, &isAnimated, &message, message.count)
        }
        try LoadedCodecStatus.check(probed, message)
        guard isAnimated == 0 else { throw .unsupported("animated WebP") }
        try limits.check(width: Int(width), height: Int(height))
        if let declared = RIFF.declaredFileLength(bytes), declared > bytes.count {
            throw .truncated("the WebP file declares \(declared) bytes and has \(bytes.count)")
        }
        let format: PixelFormat = hasAlpha != 0 ? .rgba8 : .rgb8
        let stride = Int(width) * format.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: stride * Int(height))
        let decoded = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { out in
                vt_webp_decode(data.baseAddress, data.count, hasAlpha, out.baseAddress, stride, height, &message, message.count)
            }
        }
        try LoadedCodecStatus.check(decoded, message)
        return Image(uncheckedWidth: Int(width), height: Int(height), format: format,
                     planes: [ImagePlane(bytes: pixels, rowStride: stride)])
    }
}

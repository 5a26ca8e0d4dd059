import CImageFormats

/// HEIF/HEIC decoding through libheif, loaded on first use (the CImageFormats target).
///
/// The primary image is decoded to 8-bit RGB, or RGBA when it has an alpha channel, with the
/// file's own transformations applied (rotation `irot`, mirroring `imir`, clean aperture `clap`),
/// so the pixels are the picture as it is shown, and its orientation is ``Orientation/up``. (HEIF
/// files such as an iPhone's also carry an EXIF orientation; the format's transformations take its
/// place, so it is not applied again.) The size is checked against ``ImageLimits`` before decoding.
enum HEIFCodec {
    static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> Image {
        // libheif reads `bytes` without a copy until the file is closed: the whole decode stays
        // inside the one scope where their address is valid.
        try bytes.withUnsafeBufferPointer { (data) throws(ImageError) -> Image in
            var message = [CChar](repeating: 0, count: 512)
            var file: OpaquePointer?
            var width: Int32 = 0, height: Int32 = 0, hasAlpha: Int32 = 0
            try LoadedCodecStatus.check(
                vt_heif_open(data.baseAddress, data.count, &file, &width, &height, &hasAlpha, &message, message.count), message)
            defer { vt_heif_close(file) }
            try limits.check(width: Int(width), height: Int(height))
            let format: PixelFormat = hasAlpha != 0 ? .rgba8 : .rgb8
            let stride = Int(width) * format.bytesPerPixel
            var pixels = [UInt8](repeating: 0, count: stride * Int(height))
            let decoded = pixels.withUnsafeMutableBufferPointer { out in
                vt_heif_decode(file, hasAlpha, out.baseAddress, stride, width, height, &message, message.count)
            }
            try LoadedCodecStatus.check(decoded, message)
            return Image(uncheckedWidth: Int(width), height: Int(height), format: format,
                         planes: [ImagePlane(bytes: pixels, rowStride: stride)])
        }
    }
}

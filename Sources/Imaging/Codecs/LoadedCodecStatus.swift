import CImageFormats

/// The ``ImageError`` for a status of the codecs loaded on first use (HEIF, WebP) and their message.
enum LoadedCodecStatus {
    static func check(_ status: Int32, _ message: [CChar]) throws(ImageError) {
        let text = String(cBuffer: message)
        switch status {
        case Int32(VT_IMAGE_FORMAT_OK): return
        case Int32(VT_IMAGE_FORMAT_MISSING_LIBRARY), Int32(VT_IMAGE_FORMAT_UNSUPPORTED): throw .unsupported(text)
        case Int32(VT_IMAGE_FORMAT_TRUNCATED): throw .truncated(text)
        case Int32(VT_IMAGE_FORMAT_OUT_OF_MEMORY): throw .outOfMemory
        default: throw .corrupt(text)
        }
    }
}

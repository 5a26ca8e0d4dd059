/// The memory layout of an ``Image``'s pixels. Every format has 8 bits per sample.
///
/// These are the Linux counterparts of the buffers that `CVPixelBuffer` and `CMSampleBuffer`
/// carry on Apple platforms.
public enum PixelFormat: String, Sendable, CaseIterable, Hashable {
    /// One plane, 3 bytes per pixel in the order R, G, B.
    case rgb8
    /// One plane, 4 bytes per pixel in the order R, G, B, A (alpha not premultiplied).
    case rgba8
    /// One plane, 4 bytes per pixel in the order B, G, R, A (alpha not premultiplied), the usual
    /// `kCVPixelFormatType_32BGRA` camera layout.
    case bgra8
    /// One plane, 1 byte of luminance per pixel.
    case gray8
    /// YUV 4:2:0: a full-resolution Y plane, then one half-resolution plane of interleaved U, V.
    case nv12
    /// YUV 4:2:0: a full-resolution Y plane, then one half-resolution plane of interleaved V, U.
    case nv21
    /// YUV 4:2:0: a full-resolution Y plane, then a half-resolution U plane and a V plane.
    case i420

    /// The number of planes this format stores.
    public var planeCount: Int {
        switch self {
        case .rgb8, .rgba8, .bgra8, .gray8: 1
        case .nv12, .nv21: 2
        case .i420: 3
        }
    }

    /// Whether this is one of the YUV 4:2:0 formats.
    public var isYUV: Bool { planeCount > 1 }

    /// Bytes per pixel of an interleaved format (1, 3 or 4); 1 (the Y plane) for YUV formats.
    public var bytesPerPixel: Int {
        switch self {
        case .rgb8: 3
        case .rgba8, .bgra8: 4
        case .gray8, .nv12, .nv21, .i420: 1
        }
    }

    /// The size in pixels of plane `index` for an image of `width`×`height` pixels, and the bytes
    /// that one of its rows needs at least. Chroma planes of the 4:2:0 formats are
    /// `⌈width/2⌉`×`⌈height/2⌉`.
    public func planeGeometry(_ index: Int, width: Int, height: Int) -> (width: Int, height: Int, minimumRowBytes: Int) {
        if index == 0 { return (width, height, width * bytesPerPixel) }
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        switch self {
        case .nv12, .nv21: return (chromaWidth, chromaHeight, chromaWidth * 2)
        default: return (chromaWidth, chromaHeight, chromaWidth)
        }
    }
}

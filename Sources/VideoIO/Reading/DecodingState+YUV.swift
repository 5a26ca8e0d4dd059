#if FFmpeg
import CFFmpeg
import Imaging

extension DecodingState {
    /// `frame` as an ``Imaging/PixelFormat/i420`` image whose planes borrow the decoder's buffers
    /// (a new reference to them, which the image holds: nothing is copied) when it is 8-bit 4:2:0
    /// of even width and height with rows stored top-down, in BT.601 or BT.709, video or full range
    /// (the image's ``Imaging/Image/yuvColorSpace``, ``Imaging/YUVColorSpace/init(frame:)``, as
    /// ``RGBConverter`` reads the frame), else nil.
    static func i420Image(_ frame: UnsafeMutablePointer<AVFrame>, limits: ImageLimits) -> Image? {
        let colorspace = frame.pointee.colorspace
        let format = frame.pointee.format
        guard format == AV_PIX_FMT_YUV420P.rawValue || format == AV_PIX_FMT_YUVJ420P.rawValue,
              colorspace == AVCOL_SPC_UNSPECIFIED || colorspace == AVCOL_SPC_SMPTE170M || colorspace == AVCOL_SPC_BT470BG
                || colorspace == AVCOL_SPC_BT709
        else { return nil }
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        // Odd sizes stay RGB-only: Imaging's YUV conversions and the 4:2:0 encoder need even ones.
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0,
              let buffers = DecodedFrameBuffers(referencing: frame) else { return nil }
        let sizes = [(width, height), (width / 2, height / 2), (width / 2, height / 2)]
        let sources = buffers.frame.planePointers, lineSizes = buffers.frame.lineSizes
        var planes: [ImagePlane] = []
        for (index, (planeWidth, planeHeight)) in sizes.enumerated() {
            // Negative strides (bottom-up rows) are left to the RGB path.
            guard let source = sources[index], case let stride = Int(lineSizes[index]), stride >= planeWidth else { return nil }
            let bytes = UnsafeBufferPointer(start: source, count: stride * (planeHeight - 1) + planeWidth)
            planes.append(ImagePlane(borrowing: BorrowedBytes(bytes, keptBy: buffers), rowStride: stride))
        }
        var image = try? Image(width: width, height: height, format: .i420, planes: planes, limits: limits)
        image?.yuvColorSpace = YUVColorSpace(frame: frame)
        return image
    }
}

/// A reference to a decoded frame's buffers (FFmpeg counts the references and reuses a buffer
/// only once none is left), which the planes borrowing them keep alive; the decoder never writes
/// to a frame it has handed out.
final class DecodedFrameBuffers: @unchecked Sendable {  // the frame is never changed after it is made
    let frame: UnsafeMutablePointer<AVFrame>

    init?(referencing decoded: UnsafeMutablePointer<AVFrame>) {
        guard let frame = av_frame_clone(decoded) else { return nil }
        self.frame = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
    }
}
#endif

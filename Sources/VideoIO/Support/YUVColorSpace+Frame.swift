#if FFmpeg
import CFFmpeg
import Imaging

extension YUVColorSpace {
    /// How the YUV samples of a decoded frame are read: BT.709 when the frame is tagged so, else
    /// BT.601 (untagged video included); full range when the frame says so or its pixel format is
    /// one of FFmpeg's JPEG-range (`yuvj…`) formats.
    init(frame: UnsafePointer<AVFrame>) {
        let format = frame.pointee.format
        let jpegFormats = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P]
        self.init(matrix: frame.pointee.colorspace == AVCOL_SPC_BT709 ? .bt709 : .bt601,
                  isFullRange: frame.pointee.color_range == AVCOL_RANGE_JPEG || jpegFormats.contains { $0.rawValue == format })
    }

    /// The matrix tag that says this colour space, as ``init(frame:)`` reads it: BT.709, else SMPTE
    /// 170M (BT.601).
    var ffmpegMatrix: AVColorSpace { matrix == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M }

    /// The range tag that says this colour space: JPEG (full) or MPEG (video).
    var ffmpegRange: AVColorRange { isFullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG }
}
#endif

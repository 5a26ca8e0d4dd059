#if FFmpeg
import CFFmpeg
import Imaging

extension DecodingState {
    /// A copy of `frame` as a tightly packed ``Imaging/PixelFormat/i420`` image when it is 8-bit
    /// 4:2:0 of even width and height in BT.601 or BT.709, video or full range (the image's
    /// ``Imaging/Image/yuvColorSpace``, ``Imaging/YUVColorSpace/init(frame:)``, as ``RGBConverter``
    /// reads the frame), else nil.
    static func i420Image(_ frame: UnsafeMutablePointer<AVFrame>, limits: ImageLimits) -> Image? {
        let colorspace = frame.pointee.colorspace
        let format = frame.pointee.format
        guard format == AV_PIX_FMT_YUV420P.rawValue || format == AV_PIX_FMT_YUVJ420P.rawValue,
              colorspace == AVCOL_SPC_UNSPECIFIED || colorspace == AVCOL_SPC_SMPTE170M || colorspace == AVCOL_SPC_BT470BG
                || colorspace == AVCOL_SPC_BT709
        else { return nil }
        let space = YUVColorSpace(frame: frame)
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        // Odd sizes stay RGB-only: Imaging's YUV conversions and the 4:2:0 encoder need even ones.
        guard width > 0, height > 0, width % 2 == 0, height % 2 == 0 else { return nil }
        let sizes = [(width, height), ((width + 1) / 2, (height + 1) / 2), ((width + 1) / 2, (height + 1) / 2)]
        let sources = frame.planePointers, lineSizes = frame.lineSizes
        var planes: [ImagePlane] = []
        for (index, (planeWidth, planeHeight)) in sizes.enumerated() {
            // Negative strides (bottom-up rows) are left to the RGB path.
            guard let source = sources[index], case let stride = Int(lineSizes[index]), stride >= planeWidth else { return nil }
            let bytes = [UInt8](unsafeUninitializedCapacity: planeWidth * planeHeight) { buffer, initialized in
                for row in 0..<planeHeight {
                    (buffer.baseAddress! + row * planeWidth).update(from: source + row * stride, count: planeWidth)
                }
                initialized = planeWidth * planeHeight
            }
            planes.append(ImagePlane(bytes: bytes, rowStride: planeWidth))
        }
        var image = try? Image(width: width, height: height, format: .i420, planes: planes, limits: limits)
        image?.yuvColorSpace = space
        return image
    }
}
#endif

#if canImport(CoreVideo)
import CoreVideo
#endif
#if canImport(CoreMedia)
import CoreMedia
#endif
import Imaging

extension Imaging.Image {
    /// A copy of a pixel buffer's pixels: BGRA (`kCVPixelFormatType_32BGRA`), NV12 (420v video
    /// range, 420f full range) or I420 (y420), read through the `CVPixelBufferGet…` functions
    /// (Core Video's on Apple platforms, AppleShims' elsewhere). Throws `ImageError` for other
    /// formats and empty buffers.
    public init(pixelBuffer: CVPixelBuffer) throws(ImageError) {
        let width = CVPixelBufferGetWidth(pixelBuffer), height = CVPixelBufferGetHeight(pixelBuffer)
        let format: PixelFormat
        var colorSpace = YUVColorSpace.bt601VideoRange
        switch CVPixelBufferGetPixelFormatType(pixelBuffer) {
        case kCVPixelFormatType_32BGRA: format = .bgra8
        case kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange: format = .nv12
        case kCVPixelFormatType_420YpCbCr8BiPlanarFullRange:
            format = .nv12
            colorSpace = .bt601FullRange
        case kCVPixelFormatType_420YpCbCr8Planar: format = .i420
        case let other:
            throw .unsupported("pixel buffer format \(String(other, radix: 16)) (BGRA, NV12 and I420 are read)")
        }
        guard width > 0, height > 0 else { throw .invalidArgument("the pixel buffer is empty (\(width)×\(height))") }
        CVPixelBufferLockBaseAddress(pixelBuffer, .readOnly)
        defer { CVPixelBufferUnlockBaseAddress(pixelBuffer, .readOnly) }
        var planes: [ImagePlane] = []
        for index in 0..<format.planeCount {
            let geometry = format.planeGeometry(index, width: width, height: height)
            let base = format.planeCount == 1 ? CVPixelBufferGetBaseAddress(pixelBuffer)
                                              : CVPixelBufferGetBaseAddressOfPlane(pixelBuffer, index)
            let stride = format.planeCount == 1 ? CVPixelBufferGetBytesPerRow(pixelBuffer)
                                                : CVPixelBufferGetBytesPerRowOfPlane(pixelBuffer, index)
            guard let base, stride >= geometry.minimumRowBytes else {
                throw .bufferTooSmall("pixel buffer plane \(index) has no memory or rows of \(stride) bytes")
            }
            var bytes = [UInt8](repeating: 0, count: geometry.minimumRowBytes * geometry.height)
            bytes.withUnsafeMutableBytes { target in
                for row in 0..<geometry.height {
                    (target.baseAddress! + row * geometry.minimumRowBytes)
                        .copyMemory(from: base + row * stride, byteCount: geometry.minimumRowBytes)
                }
            }
            planes.append(ImagePlane(bytes: bytes, rowStride: geometry.minimumRowBytes))
        }
        try self.init(width: width, height: height, format: format, planes: planes)
        yuvColorSpace = colorSpace
    }

    /// A copy of a camera or video frame's pixels: its image buffer, as ``init(pixelBuffer:)``.
    /// Throws `ImageError` when the frame has no image buffer.
    public init(sampleBuffer: CMSampleBuffer) throws(ImageError) {
        guard let buffer = CMSampleBufferGetImageBuffer(sampleBuffer) else {
            throw .invalidArgument("the sample buffer has no image buffer")
        }
        try self.init(pixelBuffer: buffer)
    }
}

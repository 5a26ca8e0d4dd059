#if FFmpeg
import CFFmpeg
import Imaging

/// Converts decoded frames of any pixel format and size to tightly packed RGB24 ``Image``s with
/// libswscale, reusing one converter for as long as the input format and size stay the same.
///
/// YUV input is read with the frame's signalled matrix (BT.709 when tagged, else BT.601) and
/// range (full for JPEG-range frames, else limited); RGB output is full range.
final class RGBConverter {
    private var context: OpaquePointer?
    private var key: (width: Int32, height: Int32, format: Int32, colorspace: UInt32, range: UInt32)?

    deinit { sws_freeContext(context) }

    func rgbImage(from frame: UnsafeMutablePointer<AVFrame>, limits: ImageLimits, source: String) throws(VideoError) -> Image {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        guard width > 0, height > 0 else { throw .corrupt("\(source): a decoded frame is \(width)×\(height)") }
        do {
            try limits.check(width: width, height: height)
        } catch {
            throw .invalidArgument("\(source): frame \(width)×\(height): \(error)")
        }
        let context = try prepare(frame, source: source)
        let rowBytes = width * 3
        let byteCount = rowBytes * height  // no overflow: limits.check bounded width × height
        // swscale reads four plane pointers and strides even for packed formats.
        let destinationStrides: [Int32] = [Int32(clamping: rowBytes), 0, 0, 0]
        var scaledRows: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            let destinations: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            scaledRows = withUnsafePointer(to: &frame.pointee.data) { data in
                withUnsafePointer(to: &frame.pointee.linesize) { strides in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: Int(AV_NUM_DATA_POINTERS)) { planes in
                        strides.withMemoryRebound(to: Int32.self, capacity: Int(AV_NUM_DATA_POINTERS)) { lineSizes in
                            sws_scale(context, planes, lineSizes, 0, Int32(height), destinations, destinationStrides)
                        }
                    }
                }
            }
            if scaledRows != Int32(height) { buffer.initialize(repeating: 0) }
            initialized = byteCount
        }
        guard scaledRows == Int32(height) else {
            throw .ffmpeg("\(source): swscale converted \(scaledRows) of \(height) rows")
        }
        do {
            return try Image(width: width, height: height, format: .rgb8, bytes: bytes, limits: limits)
        } catch {
            throw .invalidArgument("\(source): \(error)")
        }
    }

    private func prepare(_ frame: UnsafeMutablePointer<AVFrame>, source: String) throws(VideoError) -> OpaquePointer {
        let width = frame.pointee.width, height = frame.pointee.height, format = frame.pointee.format
        let colorspace = frame.pointee.colorspace.rawValue, range = frame.pointee.color_range.rawValue
        if let context, let key, key.width == width, key.height == height, key.format == format,
           key.colorspace == colorspace, key.range == range {
            return context
        }
        guard let pixelFormat = AVPixelFormat(rawValue: format) as AVPixelFormat?,
              let created = sws_getCachedContext(context, width, height, pixelFormat, width, height, AV_PIX_FMT_RGB24,
                                                 SWS_BILINEAR, nil, nil, nil) else {
            throw .unsupportedCodec("\(source): cannot convert pixel format \(Self.name(format)) to RGB")
        }
        context = created
        key = (width, height, format, colorspace, range)
        let space = YUVColorSpace(frame: frame)
        let coefficients = sws_getCoefficients(space.matrix == .bt709 ? SWS_CS_ITU709 : SWS_CS_ITU601)
        // Ignored (returns -1) for RGB input, which needs no matrix.
        _ = sws_setColorspaceDetails(created, coefficients, space.isFullRange ? 1 : 0, coefficients, 1, 0, 1 << 16, 1 << 16)
        return created
    }

    private static func name(_ format: Int32) -> String {
        guard let pointer = av_get_pix_fmt_name(AVPixelFormat(rawValue: format)) else { return "#\(format)" }
        return String(cString: pointer)
    }
}
#endif

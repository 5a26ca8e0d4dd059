#if FFmpeg
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
        // Rows are converted into a buffer whose rows are whole 16-pixel steps (see `stepPixels`),
        // then packed.
        let paddedRowBytes = Self.whole(Self.stepPixels, width) * 3
        let byteCount = paddedRowBytes * height  // no overflow: limits.check bounded width × height
        // swscale reads four plane pointers and strides even for packed formats.
        let destinationStrides: [Int32] = [Int32(clamping: paddedRowBytes), 0, 0, 0]
        var planes = frame.planePointers.map { UnsafePointer($0) }, strides = frame.lineSizes
        let widened = Self.widenedPlanes(planes, strides, of: frame)
        if let widened { (planes, strides) = (widened.buffers.map { UnsafePointer($0.baseAddress) } + [nil], widened.strides) }
        defer { widened?.buffers.forEach { $0.deallocate() } }
        var scaledRows: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            let destinations: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            scaledRows = sws_scale(context, planes, strides, 0, Int32(height), destinations, destinationStrides)
            if scaledRows != Int32(height) { buffer.initialize(repeating: 0) }
            if paddedRowBytes != rowBytes, let base = buffer.baseAddress {
                for row in 1..<height { memmove(base + row * rowBytes, base + row * paddedRowBytes, rowBytes) }
            }
            initialized = byteCount
        }
        guard scaledRows == Int32(height) else {
            throw .ffmpeg("\(source): swscale converted \(scaledRows) of \(height) rows")
        }
        bytes.removeLast(byteCount - rowBytes * height)
        do {
            return try Image(width: width, height: height, format: .rgb8, bytes: bytes, limits: limits)
        } catch {
            throw .invalidArgument("\(source): \(error)")
        }
    }

    /// swscale's YUV 4:2:0 → RGB24 conversion (its SIMD path) takes rows in steps of 16 pixels:
    /// at a width that is not a multiple of 16 it writes past the row's last pixel (24 bytes past
    /// the buffer on the last row at widths of 8 mod 16, 1080 among them) or leaves up to 6 pixels
    /// unwritten (854: six columns), unless the destination's rows are whole steps; and it then
    /// reads whole steps of the planes' rows too.
    private static let stepPixels = 16

    /// `count` rounded up to whole `step`s.
    static func whole(_ step: Int, _ count: Int) -> Int { (count + step - 1) / step * step }

    /// For a YUV 4:2:0 frame whose plane rows are narrower than whole 16-pixel steps (rows packed
    /// tightly, where a decoder usually pads them), copies of its planes with
    /// such rows, which the caller deallocates; else nil.
    private static func widenedPlanes(_ planes: [UnsafePointer<UInt8>?], _ strides: [Int32],
                                      of frame: UnsafeMutablePointer<AVFrame>)
        -> (buffers: [UnsafeMutableBufferPointer<UInt8>], strides: [Int32])? {
        let format = frame.pointee.format
        guard format == AV_PIX_FMT_YUV420P.rawValue || format == AV_PIX_FMT_YUVJ420P.rawValue else { return nil }
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        let lumaWidth = whole(stepPixels, width)
        let geometry = [(lumaWidth, height), (lumaWidth / 2, (height + 1) / 2), (lumaWidth / 2, (height + 1) / 2)]
        guard zip(geometry, strides).contains(where: { Int($1) < $0.0 }),
              zip(planes.prefix(3), strides).allSatisfy({ $0 != nil && $1 > 0 }) else { return nil }
        var buffers: [UnsafeMutableBufferPointer<UInt8>] = []
        for (index, (rowBytes, rows)) in geometry.enumerated() {
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rowBytes * rows)
            buffer.initialize(repeating: 0)
            let used = min(rowBytes, Int(strides[index]))
            for row in 0..<rows {
                (buffer.baseAddress! + row * rowBytes).update(from: planes[index]! + row * Int(strides[index]), count: used)
            }
            buffers.append(buffer)
        }
        return (buffers, geometry.map { Int32($0.0) } + [0])
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

extension Image {
    /// This image in `format`, with tightly packed rows.
    ///
    /// - To RGB: gray is replicated, alpha is dropped, BGRA is reordered, YUV is read in its
    ///   ``yuvColorSpace`` (BT.601 video range byte for byte as OpenCV converts it).
    /// - Between RGBA and BGRA alpha is kept; from formats without alpha it becomes 255.
    /// - From RGB: gray is `(4899·R + 9617·G + 1868·B + 8192) >> 14` (BT.601
    ///   luma weights in 14-bit fixed point); YUV is BT.601 video range with 2×2-averaged chroma
    ///   (the default ``yuvColorSpace``).
    ///   YUV targets need an even width and height.
    public func converted(to target: PixelFormat) throws(ImageError) -> Image {
        if target == format {
            var copy = Image(uncheckedWidth: width, height: height, format: format, planes: packedPlanes())
            copy.yuvColorSpace = yuvColorSpace
            copy.rgbConverter = rgbConverter
            return copy
        }
        let rgb = rgbBytes()
        switch target {
        case .rgb8:
            return Image(uncheckedWidth: width, height: height, format: .rgb8,
                         planes: [ImagePlane(bytes: rgb, rowStride: width * 3)])
        case .rgba8, .bgra8:
            var out = [UInt8](repeating: 255, count: width * height * 4)
            let swap = target == .bgra8
            for i in 0..<(width * height) {
                out[i * 4 + (swap ? 2 : 0)] = rgb[i * 3]
                out[i * 4 + 1] = rgb[i * 3 + 1]
                out[i * 4 + (swap ? 0 : 2)] = rgb[i * 3 + 2]
            }
            if format == .rgba8 || format == .bgra8 {
                let stride = planes[0].rowStride, bytes = planes[0].bytes
                for y in 0..<height {
                    for x in 0..<width { out[(y * width + x) * 4 + 3] = bytes[y * stride + x * 4 + 3] }
                }
            }
            return Image(uncheckedWidth: width, height: height, format: target,
                         planes: [ImagePlane(bytes: out, rowStride: width * 4)])
        case .gray8:
            var out = [UInt8](repeating: 0, count: width * height)
            for i in 0..<(width * height) {
                let value = 4899 * Int32(rgb[i * 3]) + 9617 * Int32(rgb[i * 3 + 1]) + 1868 * Int32(rgb[i * 3 + 2])
                out[i] = UInt8((value + 8192) >> 14)
            }
            return Image(uncheckedWidth: width, height: height, format: .gray8,
                         planes: [ImagePlane(bytes: out, rowStride: width)])
        case .nv12, .nv21, .i420:
            guard width % 2 == 0, height % 2 == 0 else {
                throw .invalidArgument("YUV 4:2:0 conversion needs an even size, got \(width)×\(height)")
            }
            return yuvImage(fromRGB: rgb, format: target)
        }
    }

    private func packedPlanes() -> [ImagePlane] {
        (0..<format.planeCount).map { index in
            ImagePlane(bytes: packedBytes(plane: index),
                       rowStride: format.planeGeometry(index, width: width, height: height).minimumRowBytes)
        }
    }

    private func yuvImage(fromRGB rgb: [UInt8], format target: PixelFormat) -> Image {
        let encoder = YUV.encoder(for: .bt601VideoRange)
        var luma = [UInt8](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            luma[i] = encoder.luma(r: Int32(rgb[i * 3]), g: Int32(rgb[i * 3 + 1]), b: Int32(rgb[i * 3 + 2]))
        }
        let cw = width / 2, ch = height / 2
        var u = [UInt8](repeating: 0, count: cw * ch), v = u
        for cyIndex in 0..<ch {
            for cxIndex in 0..<cw {
                var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let i = ((cyIndex * 2 + dy) * width + cxIndex * 2 + dx) * 3
                    r += Int32(rgb[i]); g += Int32(rgb[i + 1]); b += Int32(rgb[i + 2])
                }
                let (cu, cv) = encoder.chroma(r: (r + 2) / 4, g: (g + 2) / 4, b: (b + 2) / 4)
                u[cyIndex * cw + cxIndex] = cu
                v[cyIndex * cw + cxIndex] = cv
            }
        }
        let lumaPlane = ImagePlane(bytes: luma, rowStride: width)
        switch target {
        case .i420:
            return Image(uncheckedWidth: width, height: height, format: .i420,
                         planes: [lumaPlane, ImagePlane(bytes: u, rowStride: cw), ImagePlane(bytes: v, rowStride: cw)])
        default:
            var interleaved = [UInt8](repeating: 0, count: cw * ch * 2)
            let uFirst = target == .nv12
            for i in 0..<(cw * ch) {
                interleaved[i * 2] = uFirst ? u[i] : v[i]
                interleaved[i * 2 + 1] = uFirst ? v[i] : u[i]
            }
            return Image(uncheckedWidth: width, height: height, format: target,
                         planes: [lumaPlane, ImagePlane(bytes: interleaved, rowStride: cw * 2)])
        }
    }

    /// The pixels as tightly packed RGB bytes (`width × height × 3`), whatever the format.
    public func rgbBytes() -> [UInt8] {
        (try? withReader(RGBCopy())) ?? []
    }
}

/// Copies every pixel of a reader into packed RGB bytes.
private struct RGBCopy: ReaderVisitor {
    func visit<R: PixelReader>(_ reader: R) throws(ImageError) -> [UInt8] {
        let width = reader.width, height = reader.height
        return [UInt8](unsafeUninitializedCapacity: width * height * 3) { buffer, count in
            var i = 0
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b) = reader.rgb(x, y)
                    buffer[i] = r; buffer[i + 1] = g; buffer[i + 2] = b
                    i += 3
                }
            }
            count = i
        }
    }
}

extension Image {
    /// Dispatches on the format and hands `visitor` a concrete reader type, so generic visitors are
    /// specialized for each format. The reader is only valid inside the call.
    func withReader<V: ReaderVisitor>(_ visitor: V) throws(ImageError) -> V.Result {
        let w = width, h = height
        let stride0 = planes[0].rowStride
        switch format {
        case .rgb8:
            return try planes[0].bytes.withUnsafeBufferPointer { (p) throws(ImageError) -> V.Result in
                try visitor.visit(RGB8Reader(base: p.baseAddress!, count: p.count, rowStride: stride0, width: w, height: h))
            }
        case .rgba8, .bgra8:
            let red = format == .rgba8 ? 0 : 2
            return try planes[0].bytes.withUnsafeBufferPointer { (p) throws(ImageError) -> V.Result in
                try visitor.visit(RGBX8Reader(base: p.baseAddress!, rowStride: stride0, width: w, height: h, redOffset: red))
            }
        case .gray8:
            return try planes[0].bytes.withUnsafeBufferPointer { (p) throws(ImageError) -> V.Result in
                try visitor.visit(Gray8Reader(base: p.baseAddress!, rowStride: stride0, width: w, height: h))
            }
        case .nv12, .nv21:
            let stride1 = planes[1].rowStride
            let uFirst = format == .nv12
            return try planes[0].bytes.withUnsafeBufferPointer { (luma) throws(ImageError) -> V.Result in
                try planes[1].bytes.withUnsafeBufferPointer { (chroma) throws(ImageError) -> V.Result in
                    let first = chroma.baseAddress!
                    let (u, v) = uFirst ? (first, first + 1) : (first + 1, first)
                    return try visitYUV(visitor, luma: luma.baseAddress!, lumaStride: stride0, u: u, uStride: stride1,
                                        v: v, vStride: stride1, chromaStep: 2)
                }
            }
        case .i420:
            let stride1 = planes[1].rowStride, stride2 = planes[2].rowStride
            return try planes[0].bytes.withUnsafeBufferPointer { (luma) throws(ImageError) -> V.Result in
                try planes[1].bytes.withUnsafeBufferPointer { (u) throws(ImageError) -> V.Result in
                    try planes[2].bytes.withUnsafeBufferPointer { (v) throws(ImageError) -> V.Result in
                        try visitYUV(visitor, luma: luma.baseAddress!, lumaStride: stride0, u: u.baseAddress!, uStride: stride1,
                                     v: v.baseAddress!, vStride: stride2, chromaStep: 1)
                    }
                }
            }
        }
    }
}

extension Image {
    /// Visits a ``YUV420Reader`` of these planes in ``yuvColorSpace``: BT.601 video range with
    /// constant coefficients, the others with a ``YUV/Decoder`` value.
    private func visitYUV<V: ReaderVisitor>(_ visitor: V, luma: UnsafePointer<UInt8>, lumaStride: Int, u: UnsafePointer<UInt8>, uStride: Int,
                                            v: UnsafePointer<UInt8>, vStride: Int, chromaStep: Int) throws(ImageError) -> V.Result {
        if yuvColorSpace == .bt601VideoRange {
            return try visitor.visit(YUV420Reader(decoder: BT601VideoRangeToRGB(), luma: luma, lumaStride: lumaStride, u: u, uStride: uStride,
                                                  v: v, vStride: vStride, chromaStep: chromaStep, width: width, height: height))
        }
        return try visitor.visit(YUV420Reader(decoder: YUV.decoder(for: yuvColorSpace), luma: luma, lumaStride: lumaStride, u: u, uStride: uStride,
                                              v: v, vStride: vStride, chromaStep: chromaStep, width: width, height: height))
    }
}

/// A computation over some concrete ``PixelReader``; generic so that it is specialized per format.
protocol ReaderVisitor {
    associatedtype Result
    func visit<R: PixelReader>(_ reader: R) throws(ImageError) -> Result
}

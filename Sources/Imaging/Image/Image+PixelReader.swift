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
                    return try visitor.visit(YUV420Reader(decoder: YUV.decoder(for: yuvColorSpace), luma: luma.baseAddress!, lumaStride: stride0,
                                                          u: uFirst ? first : first + 1, uStride: stride1,
                                                          v: uFirst ? first + 1 : first, vStride: stride1,
                                                          chromaStep: 2, width: w, height: h))
                }
            }
        case .i420:
            let stride1 = planes[1].rowStride, stride2 = planes[2].rowStride
            return try planes[0].bytes.withUnsafeBufferPointer { (luma) throws(ImageError) -> V.Result in
                try planes[1].bytes.withUnsafeBufferPointer { (u) throws(ImageError) -> V.Result in
                    try planes[2].bytes.withUnsafeBufferPointer { (v) throws(ImageError) -> V.Result in
                        try visitor.visit(YUV420Reader(decoder: YUV.decoder(for: yuvColorSpace), luma: luma.baseAddress!, lumaStride: stride0,
                                                       u: u.baseAddress!, uStride: stride1, v: v.baseAddress!, vStride: stride2,
                                                       chromaStep: 1, width: w, height: h))
                    }
                }
            }
        }
    }
}

/// A computation over some concrete ``PixelReader``; generic so that it is specialized per format.
protocol ReaderVisitor {
    associatedtype Result
    func visit<R: PixelReader>(_ reader: R) throws(ImageError) -> Result
}

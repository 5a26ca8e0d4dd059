extension Image {
    /// Dispatches on the format and hands `visitor` a concrete reader type, so generic visitors are
    /// specialized for each format. The reader is only valid inside the call.
    /// An image with an ``rgbConverter`` is read as that converter's RGB picture.
    func withReader<V: ReaderVisitor>(_ visitor: V) throws(ImageError) -> V.Result {
        if let rgbConverter { return try rgbConverter.rgbImage(of: self).withReader(visitor) }
        let w = width, h = height
        let stride0 = planes[0].rowStride
        switch format {
        case .rgb8:
            return try planes[0].withUnsafeBufferPointer { (p) throws(ImageError) -> V.Result in
                try visitor.visit(RGB8Reader(base: p.baseAddress!, count: p.count, rowStride: stride0, width: w, height: h))
            }
        case .rgba8, .bgra8:
            let red = format == .rgba8 ? 0 : 2
            return try planes[0].withUnsafeBufferPointer { (p) throws(ImageError) -> V.Result in
                try visitor.visit(RGBX8Reader(base: p.baseAddress!, rowStride: stride0, width: w, height: h, redOffset: red))
            }
        case .gray8:
            return try planes[0].withUnsafeBufferPointer { (p) throws(ImageError) -> V.Result in
                try visitor.visit(Gray8Reader(base: p.baseAddress!, rowStride: stride0, width: w, height: h))
            }
        case .nv12, .nv21:
            let stride1 = planes[1].rowStride
            let uFirst = format == .nv12
            return try planes[0].withUnsafeBufferPointer { (luma) throws(ImageError) -> V.Result in
                try planes[1].withUnsafeBufferPointer { (chroma) throws(ImageError) -> V.Result in
                    let first = chroma.baseAddress!
                    let (u, v) = uFirst ? (first, first + 1) : (first + 1, first)
                    return try visitYUV(visitor, luma: luma, u: u, uCount: chroma.count - (uFirst ? 0 : 1), v: v,
                                        vCount: chroma.count - (uFirst ? 1 : 0), chromaStride: (stride1, stride1), chromaStep: 2)
                }
            }
        case .i420:
            let stride1 = planes[1].rowStride, stride2 = planes[2].rowStride
            return try planes[0].withUnsafeBufferPointer { (luma) throws(ImageError) -> V.Result in
                try planes[1].withUnsafeBufferPointer { (u) throws(ImageError) -> V.Result in
                    try planes[2].withUnsafeBufferPointer { (v) throws(ImageError) -> V.Result in
                        try visitYUV(visitor, luma: luma, u: u.baseAddress!, uCount: u.count, v: v.baseAddress!, vCount: v.count,
                                     chromaStride: (stride1, stride2), chromaStep: 1)
                    }
                }
            }
        }
    }
}

extension Image {
    /// Visits a ``YUV420Reader`` of these planes in ``yuvColorSpace``: BT.601 video range with
    /// constant coefficients, the others with a ``YUV/Decoder`` value.
    private func visitYUV<V: ReaderVisitor>(_ visitor: V, luma: UnsafeBufferPointer<UInt8>, u: UnsafePointer<UInt8>, uCount: Int,
                                            v: UnsafePointer<UInt8>, vCount: Int, chromaStride: (u: Int, v: Int),
                                            chromaStep: Int) throws(ImageError) -> V.Result {
        func reader<D: YUVToRGB>(_ decoder: D) -> YUV420Reader<D> {
            YUV420Reader(decoder: decoder, luma: luma.baseAddress!, lumaCount: luma.count, lumaStride: planes[0].rowStride,
                         u: u, uCount: uCount, uStride: chromaStride.u, v: v, vCount: vCount, vStride: chromaStride.v,
                         chromaStep: chromaStep, width: width, height: height)
        }
        if yuvColorSpace == .bt601VideoRange { return try visitor.visit(reader(BT601VideoRangeToRGB())) }
        return try visitor.visit(reader(YUV.decoder(for: yuvColorSpace)))
    }
}

/// A computation over some concrete ``PixelReader``; generic so that it is specialized per format.
protocol ReaderVisitor {
    associatedtype Result
    func visit<R: PixelReader>(_ reader: R) throws(ImageError) -> Result
}

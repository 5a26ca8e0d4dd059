import CPixelKernels

extension Canvas {
    /// Blends into an I420, NV12 or NV21 image: each luma sample with its pixel's coverage, each
    /// chroma sample with the mean coverage of its 2×2 block, in the colour's Y, U, V in the
    /// image's ``Image/yuvColorSpace`` (CPixelKernels' `vt_yuv420_tint_blend`; ``ReferenceDrawing`` is
    /// its plain twin).
    static func blendYUV(_ coverage: CoverageMap, xs: Range<Int>, ys: Range<Int>, color: Color,
                         weights: Weights, into image: inout Image) {
        let r = Int32(color.red), g = Int32(color.green), b = Int32(color.blue)
        let encoder = YUV.encoder(for: image.yuvColorSpace)
        let (u, v) = encoder.chroma(r: r, g: g, b: b)
        let isI420 = image.format == .i420
        // U before V in NV12's interleaved plane, after it in NV21's (I420's U plane is its own).
        let (uOffset, vOffset) = isI420 || image.format == .nv12 ? (0, 1) : (1, 0)
        var sums = [Float](repeating: 0, count: (xs.upperBound + 1) / 2 - xs.lowerBound / 2)
        // The planes are moved out of the image while blended, so each is written in place.
        var lumaPlane = image.planes[0], chromaPlane = image.planes[1]
        var vPlane = isI420 ? image.planes[2] : ImagePlane(bytes: [], rowStride: 0)
        let lumaStride = lumaPlane.rowStride, chromaStride = chromaPlane.rowStride, vStride = vPlane.rowStride
        image.planes[0].bytes = []
        image.planes[1].bytes = []
        if isI420 { image.planes[2].bytes = [] }
        defer {
            image.planes[0] = lumaPlane
            image.planes[1] = chromaPlane
            if isI420 { image.planes[2] = vPlane }
        }
        coverage.values.withUnsafeBufferPointer { values in
            lumaPlane.bytes.withUnsafeMutableBufferPointer { luma in
                chromaPlane.bytes.withUnsafeMutableBufferPointer { chroma in
                    vPlane.bytes.withUnsafeMutableBufferPointer { vBytes in
                        sums.withUnsafeMutableBufferPointer { sums in
                            let uBase = chroma.baseAddress! + uOffset
                            let vBase = isI420 ? vBytes.baseAddress! : chroma.baseAddress! + vOffset
                            var tint = vt_yuv420_tint(
                                coverage: values.baseAddress!, coverage_stride: coverage.xs.count,
                                coverage_x: coverage.xs.lowerBound, coverage_y: coverage.ys.lowerBound,
                                luma: luma.baseAddress!, luma_stride: lumaStride,
                                u: uBase, v: vBase, u_stride: chromaStride,
                                v_stride: isI420 ? vStride : chromaStride, chroma_step: isI420 ? 1 : 2,
                                width: image.width, height: image.height,
                                x0: xs.lowerBound, x1: xs.upperBound, y0: ys.lowerBound, y1: ys.upperBound,
                                scale: weights.scale, y_value: Int32(encoder.luma(r: r, g: g, b: b)),
                                u_value: Int32(u), v_value: Int32(v), sums: sums.baseAddress!)
                            vt_yuv420_tint_blend(&tint)
                        }
                    }
                }
            }
        }
    }
}

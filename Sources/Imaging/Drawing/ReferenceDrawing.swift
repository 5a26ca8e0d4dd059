/// The plain, per-sample version of drawing's YUV 4:2:0 blend, written for clarity; the C kernel
/// that draws (CPixelKernels' `vt_yuv420_tint_blend`) is tested against it.
enum ReferenceDrawing {
    /// Blends into an I420, NV12 or NV21 image: each luma sample with its pixel's coverage, each
    /// chroma sample with the mean coverage of its 2×2 block, in the colour's Y, U, V in the
    /// image's ``Image/yuvColorSpace``.
    static func blendYUV(_ coverage: CoverageMap, xs: Range<Int>, ys: Range<Int>, color: Color,
                         weights: Canvas.Weights, into image: inout Image) {
        let r = Int32(color.red), g = Int32(color.green), b = Int32(color.blue)
        let encoder = YUV.encoder(for: image.yuvColorSpace)
        let luma = Int32(encoder.luma(r: r, g: g, b: b))
        let (u, v) = encoder.chroma(r: r, g: g, b: b)
        let (u32, v32) = (Int32(u), Int32(v))
        let mapWidth = coverage.xs.count
        let width = image.width, height = image.height
        let isI420 = image.format == .i420
        let lumaStride = image.planes[0].rowStride
        let chromaStride = image.planes[1].rowStride, vStride = isI420 ? image.planes[2].rowStride : 0
        // The planes are moved out of the image while blended, so each is written in place.
        var lumaPlane = image.planes[0].bytes, chromaPlane = image.planes[1].bytes
        var vPlane = isI420 ? image.planes[2].bytes : []
        image.planes[0].bytes = []
        image.planes[1].bytes = []
        if isI420 { image.planes[2].bytes = [] }
        defer {
            image.planes[0].bytes = lumaPlane
            image.planes[1].bytes = chromaPlane
            if isI420 { image.planes[2].bytes = vPlane }
        }
        // Blocks of 2×2 pixels share one chroma sample, blended with their mean coverage (pixels
        // outside the box count as 0; blocks on an odd edge have fewer pixels).
        let blockXs = xs.lowerBound / 2..<(xs.upperBound + 1) / 2
        let blockYs = ys.lowerBound / 2..<(ys.upperBound + 1) / 2
        var sums = [Float](repeating: 0, count: blockXs.count)
        coverage.values.withUnsafeBufferPointer { values in
            lumaPlane.withUnsafeMutableBufferPointer { lumaBytes in
                chromaPlane.withUnsafeMutableBufferPointer { chromaBytes in
                    vPlane.withUnsafeMutableBufferPointer { vBytes in
                        sums.withUnsafeMutableBufferPointer { sums in
                            for by in blockYs {
                                for i in sums.indices { sums[i] = 0 }
                                // Luma, summing each block's coverage on the way.
                                for y in max(2 * by, ys.lowerBound)..<min(2 * by + 2, ys.upperBound) {
                                    let mapRow = (y - coverage.ys.lowerBound) * mapWidth - coverage.xs.lowerBound
                                    let row = y * lumaStride
                                    for x in xs {
                                        let c = values[mapRow + x]
                                        guard c > 0 else { continue }
                                        sums[x >> 1 - blockXs.lowerBound] += min(c, 1)
                                        let k = weights.weight(c)
                                        if k > 0 { lumaBytes[row + x] = Canvas.mix(lumaBytes[row + x], luma, k) }
                                    }
                                }
                                let rows = min(2 * by + 2, height) - 2 * by
                                for bx in blockXs {
                                    let sum = sums[bx - blockXs.lowerBound]
                                    guard sum > 0 else { continue }
                                    let pixels = Float(rows * (min(2 * bx + 2, width) - 2 * bx))
                                    let k = weights.weight(sum / pixels)
                                    guard k > 0 else { continue }
                                    if isI420 {
                                        let ui = by * chromaStride + bx, vi = by * vStride + bx
                                        chromaBytes[ui] = Canvas.mix(chromaBytes[ui], u32, k)
                                        vBytes[vi] = Canvas.mix(vBytes[vi], v32, k)
                                    } else {
                                        // NV12 stores U, V; NV21 stores V, U.
                                        let i = by * chromaStride + 2 * bx
                                        let (first, second) = image.format == .nv12 ? (u32, v32) : (v32, u32)
                                        chromaBytes[i] = Canvas.mix(chromaBytes[i], first, k)
                                        chromaBytes[i + 1] = Canvas.mix(chromaBytes[i + 1], second, k)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

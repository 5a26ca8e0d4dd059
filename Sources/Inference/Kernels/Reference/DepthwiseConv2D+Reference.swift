/// DEPTHWISE_CONV_2D, TFLite's reference arithmetic: output channel `oc = c * M + m` sums
/// `input[iy, ix, c] * filter[ky, kx, oc]` over (ky, kx) in that order, in Float starting from 0
/// (taps in the padding are skipped), then adds the bias and clamps.
///
/// With multiplier 1 the sums stay in registers: channels go in SIMD lanes (8, then 4, then one at
/// a time for the rest), and four neighbouring output pixels of a row are summed together whenever
/// all their taps lie inside the row. Lanes and pixels are independent sums, so each output adds
/// the same terms in the same order either way (the tests check this bit for bit).
final class ReferenceDepthwiseConv2DKernel: Kernel {
    private let p: DepthwiseConv2DParameters
    private let input: UnsafeMutablePointer<Float>   // [N, H, W, C]
    private let filter: UnsafeMutablePointer<Float>  // [1, KH, KW, C * M]
    private let output: UnsafeMutablePointer<Float>  // [N, OH, OW, C * M]
    private let bias: UnsafeMutablePointer<Float>    // [C * M]: the bias tensor, or `zeros`
    private let zeros: UnsafeMutablePointer<Float>?  // [C * M] when there is no bias

    init(_ context: KernelContext) throws {
        p = try DepthwiseConv2DParameters(context)
        input = context.floats(context.input(0))
        filter = context.floats(context.input(1))
        output = context.floats(context.output(0))
        if p.hasBias {
            bias = context.floats(context.input(2))
            zeros = nil
        } else {
            let zeros = UnsafeMutablePointer<Float>.allocate(capacity: p.outputChannels)
            zeros.initialize(repeating: 0, count: p.outputChannels)
            bias = zeros
            self.zeros = zeros
        }
    }

    deinit { zeros?.deallocate() }

    func invoke() {
        let (h, w, c, oc) = (p.height.inputSize, p.width.inputSize, p.inputChannels, p.outputChannels)
        let (oh, ow, kw) = (p.height.outputSize, p.width.outputSize, p.width.kernelSize)
        let (sx, dx, padLeft) = (p.width.stride, p.width.dilation, p.width.padBefore)
        for n in 0..<p.batch {
            for oy in 0..<oh {
                let top = oy * p.height.stride - p.height.padBefore
                let rows = p.height.validTaps(from: top)
                let inputRow = input + (n * h + top) * w * c  // row `top`, which may lie in the padding
                let outputRow = output + (n * oh + oy) * ow * oc
                var ox = 0
                while ox < ow {
                    let first = ox * sx - padLeft
                    let origin = inputRow + first * c
                    if p.depthMultiplier != 1 {
                        onePixelWithMultiplier(origin: origin, rows: rows, columns: p.width.validTaps(from: first), output: outputRow + ox * oc)
                        ox += 1
                    } else if ox + 4 <= ow && first >= 0 && (ox + 3) * sx - padLeft + (kw - 1) * dx < w {
                        fourPixels(origin: origin, rows: rows, output: outputRow + ox * oc)
                        ox += 4
                    } else {
                        onePixel(origin: origin, rows: rows, columns: p.width.validTaps(from: first), output: outputRow + ox * oc)
                        ox += 1
                    }
                }
            }
        }
    }

    /// Four neighbouring pixels (multiplier 1) whose taps all lie inside the row; `origin` is the
    /// input element at tap (0, 0) of the first pixel.
    private func fourPixels(origin: UnsafeMutablePointer<Float>, rows: Range<Int>, output: UnsafeMutablePointer<Float>) {
        let c = p.inputChannels
        var channel = 0
        while channel + 8 <= c {
            fourPixels(SIMD8<Float>.self, origin: origin, rows: rows, channel: channel, output: output)
            channel += 8
        }
        if channel + 4 <= c {
            fourPixels(SIMD4<Float>.self, origin: origin, rows: rows, channel: channel, output: output)
            channel += 4
        }
        while channel < c {
            for pixel in 0..<4 {
                onePixel(Float.self, origin: origin + pixel * p.width.stride * c, rows: rows, columns: 0..<p.width.kernelSize,
                         channel: channel, output: output + pixel * c)
            }
            channel += 1
        }
    }

    /// One pixel (multiplier 1); `rows` and `columns` are its taps inside the input.
    private func onePixel(origin: UnsafeMutablePointer<Float>, rows: Range<Int>, columns: Range<Int>, output: UnsafeMutablePointer<Float>) {
        let c = p.inputChannels
        var channel = 0
        while channel + 8 <= c {
            onePixel(SIMD8<Float>.self, origin: origin, rows: rows, columns: columns, channel: channel, output: output)
            channel += 8
        }
        if channel + 4 <= c {
            onePixel(SIMD4<Float>.self, origin: origin, rows: rows, columns: columns, channel: channel, output: output)
            channel += 4
        }
        while channel < c {
            onePixel(Float.self, origin: origin, rows: rows, columns: columns, channel: channel, output: output)
            channel += 1
        }
    }

    @inline(__always)
    private func fourPixels<V: FloatLanes>(_: V.Type, origin: UnsafeMutablePointer<Float>, rows: Range<Int>, channel: Int,
                                           output: UnsafeMutablePointer<Float>) {
        let (w, c, kw) = (p.width.inputSize, p.inputChannels, p.width.kernelSize)
        let step = p.width.stride * c
        var (s0, s1, s2, s3) = (V(), V(), V(), V())
        for ky in rows {
            for kx in 0..<kw {
                let x0 = origin + (ky * p.height.dilation * w + kx * p.width.dilation) * c + channel
                let weight = V.load(filter + (ky * kw + kx) * c + channel)
                s0 += V.load(x0) * weight
                s1 += V.load(x0 + step) * weight
                s2 += V.load(x0 + 2 * step) * weight
                s3 += V.load(x0 + 3 * step) * weight
            }
        }
        store(s0, channel: channel, to: output)
        store(s1, channel: channel, to: output + c)
        store(s2, channel: channel, to: output + 2 * c)
        store(s3, channel: channel, to: output + 3 * c)
    }

    @inline(__always)
    private func onePixel<V: FloatLanes>(_: V.Type, origin: UnsafeMutablePointer<Float>, rows: Range<Int>, columns: Range<Int>,
                                         channel: Int, output: UnsafeMutablePointer<Float>) {
        let (w, c, kw) = (p.width.inputSize, p.inputChannels, p.width.kernelSize)
        var sum = V()
        for ky in rows {
            for kx in columns {
                let x = origin + (ky * p.height.dilation * w + kx * p.width.dilation) * c + channel
                sum += V.load(x) * V.load(filter + (ky * kw + kx) * c + channel)
            }
        }
        store(sum, channel: channel, to: output)
    }

    @inline(__always)
    private func store<V: FloatLanes>(_ sum: V, channel: Int, to output: UnsafeMutablePointer<Float>) {
        (sum + V.load(bias + channel)).clamped(to: p.activation).store(to: output + channel)
    }

    /// Any multiplier: output channel `c * M + m` reads input channel `c`.
    private func onePixelWithMultiplier(origin: UnsafeMutablePointer<Float>, rows: Range<Int>, columns: Range<Int>,
                                        output: UnsafeMutablePointer<Float>) {
        let (w, c, m, oc, kw) = (p.width.inputSize, p.inputChannels, p.depthMultiplier, p.outputChannels, p.width.kernelSize)
        for o in 0..<oc {
            var sum: Float = 0
            for ky in rows {
                for kx in columns {
                    let x = origin + (ky * p.height.dilation * w + kx * p.width.dilation) * c
                    sum += x[o / m] * filter[(ky * kw + kx) * oc + o]
                }
            }
            output[o] = p.activation.apply(sum + bias[o])
        }
    }
}

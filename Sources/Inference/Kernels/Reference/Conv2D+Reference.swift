/// CONV_2D, plain loops. For each output pixel the sum runs over (ky, kx, ci) in that order, in
/// Float, and the bias is added last, as TFLite's reference kernel does. The filter is copied once
/// at load from `[Cout, KH, KW, Cin]` to `[KH, KW, Cin, Cout]` so that the innermost loop updates
/// all output channels of a pixel with one input value (a contiguous, vectorizable loop). With few
/// output channels that loop is too short to pay off, so each output channel is instead a dot
/// product over the original layout. Interior pixels go four at a time (1x1 convolutions: any four
/// consecutive pixels), so each weight row is loaded once per four pixels. Every variant sums the
/// same terms in the same order, so all give identical results (the tests check this bit for bit).
final class ReferenceConv2DKernel: Kernel {
    private let p: Conv2DParameters
    private let input: UnsafeMutablePointer<Float>   // [N, H, W, Cin]
    private let filter: UnsafeMutablePointer<Float>  // [Cout, KH, KW, Cin]
    private let bias: UnsafeMutablePointer<Float>?   // [Cout]
    private let output: UnsafeMutablePointer<Float>  // [N, OH, OW, Cout]
    private let packedFilter: UnsafeMutablePointer<Float>  // [KH, KW, Cin, Cout]
    private let accumulator: UnsafeMutablePointer<Float>   // [Cout]
    private let filterIsConstant: Bool

    init(_ context: KernelContext) throws {
        p = try Conv2DParameters(context)
        input = context.floats(context.input(0))
        filter = context.floats(context.input(1))
        bias = p.hasBias ? context.floats(context.input(2)) : nil
        output = context.floats(context.output(0))
        packedFilter = .allocate(capacity: p.filterShape.reduce(1, *))
        accumulator = .allocate(capacity: p.outputChannels)
        filterIsConstant = context.tensor(context.input(1)).isConstant
        if filterIsConstant && p.outputChannels >= 8 { packFilter() }
    }

    deinit {
        packedFilter.deallocate()
        accumulator.deallocate()
    }

    private func packFilter() {
        let (cout, kh, kw, cin) = (p.outputChannels, p.height.kernelSize, p.width.kernelSize, p.inputChannels)
        for co in 0..<cout {
            for ky in 0..<kh {
                for kx in 0..<kw {
                    for ci in 0..<cin {
                        packedFilter[((ky * kw + kx) * cin + ci) * cout + co] = filter[((co * kh + ky) * kw + kx) * cin + ci]
                    }
                }
            }
        }
    }

    func invoke() {
        if p.outputChannels < 8 { return invokeByDotProducts() }
        if !filterIsConstant { packFilter() }
        if isPointwise { return invokePointwise() }
        let (h, w, cin, cout) = (p.height.inputSize, p.width.inputSize, p.inputChannels, p.outputChannels)
        let (oh, ow, kh, kw) = (p.height.outputSize, p.width.outputSize, p.height.kernelSize, p.width.kernelSize)
        let acc = accumulator
        let (sx, dx, padLeft) = (p.width.stride, p.width.dilation, p.width.padBefore)
        for n in 0..<p.batch {
            for oy in 0..<oh {
                var ox = 0
                while ox < ow {
                    // Four pixels whose taps all lie inside the row share each weight row.
                    let firstColumn = ox * sx - padLeft
                    let lastColumn = (ox + 3) * sx - padLeft + (kw - 1) * dx
                    if ox + 4 <= ow && firstColumn >= 0 && lastColumn < w {
                        invokeFourPixels(n: n, oy: oy, ox: ox)
                        ox += 4
                        continue
                    }
                    acc.update(repeating: 0, count: cout)
                    for ky in 0..<kh {
                        let iy = oy * p.height.stride - p.height.padBefore + ky * p.height.dilation
                        if iy < 0 || iy >= h { continue }
                        for kx in 0..<kw {
                            let ix = ox * sx - padLeft + kx * dx
                            if ix < 0 || ix >= w { continue }
                            let pixel = input + ((n * h + iy) * w + ix) * cin
                            let taps = packedFilter + (ky * kw + kx) * cin * cout
                            for ci in 0..<cin {
                                let x = pixel[ci]
                                let weights = taps + ci * cout
                                for co in 0..<cout { acc[co] += x * weights[co] }
                            }
                        }
                    }
                    let out = output + ((n * oh + oy) * ow + ox) * cout
                    for co in 0..<cout {
                        out[co] = p.activation.apply(acc[co] + (bias?[co] ?? 0))
                    }
                    ox += 1
                }
            }
        }
    }

    /// Output pixels `ox ..< ox + 4` of row `oy` (every tap inside the row), accumulated in place
    /// in the output. Each output sums the same terms in the same order as the one-pixel loop, then
    /// adds the bias, so the results are identical.
    private func invokeFourPixels(n: Int, oy: Int, ox: Int) {
        let (h, w, cin, cout) = (p.height.inputSize, p.width.inputSize, p.inputChannels, p.outputChannels)
        let (oh, ow, kh, kw) = (p.height.outputSize, p.width.outputSize, p.height.kernelSize, p.width.kernelSize)
        let step = p.width.stride * cin  // input elements between neighbouring output pixels
        let o0 = output + ((n * oh + oy) * ow + ox) * cout
        let (o1, o2, o3) = (o0 + cout, o0 + 2 * cout, o0 + 3 * cout)
        o0.update(repeating: 0, count: 4 * cout)
        for ky in 0..<kh {
            let iy = oy * p.height.stride - p.height.padBefore + ky * p.height.dilation
            if iy < 0 || iy >= h { continue }
            for kx in 0..<kw {
                let ix = ox * p.width.stride - p.width.padBefore + kx * p.width.dilation
                let x0 = input + ((n * h + iy) * w + ix) * cin
                let taps = packedFilter + (ky * kw + kx) * cin * cout
                for ci in 0..<cin {
                    let (v0, v1, v2, v3) = (x0[ci], x0[step + ci], x0[2 * step + ci], x0[3 * step + ci])
                    let weights = taps + ci * cout
                    for co in 0..<cout {
                        let weight = weights[co]
                        o0[co] += v0 * weight
                        o1[co] += v1 * weight
                        o2[co] += v2 * weight
                        o3[co] += v3 * weight
                    }
                }
            }
        }
        for o in 0..<4 * cout {
            o0[o] = p.activation.apply(o0[o] + (bias?[o % cout] ?? 0))
        }
    }

    /// 1x1, stride 1, no padding: the input is a `[pixels, Cin]` matrix and the output `[pixels, Cout]`.
    private var isPointwise: Bool {
        p.height.kernelSize == 1 && p.width.kernelSize == 1 && p.height.stride == 1 && p.width.stride == 1
            && p.height.padBefore == 0 && p.width.padBefore == 0
    }

    /// The 1x1 case, four pixels at a time so that each weight row is loaded once per four pixels.
    /// Each output still sums its Cin terms in order, in Float, then adds the bias: the same
    /// arithmetic as ``invoke()``'s general loop, so the results are identical.
    private func invokePointwise() {
        let (cin, cout) = (p.inputChannels, p.outputChannels)
        let pixels = p.batch * p.height.outputSize * p.width.outputSize
        var first = 0
        while first < pixels {
            let block = min(4, pixels - first)
            let x = input + first * cin
            let out = output + first * cout  // accumulates in place, then gets bias and activation
            out.update(repeating: 0, count: block * cout)
            if block == 4 {
                let (o0, o1, o2, o3) = (out, out + cout, out + 2 * cout, out + 3 * cout)
                for ci in 0..<cin {
                    let (x0, x1, x2, x3) = (x[ci], x[cin + ci], x[2 * cin + ci], x[3 * cin + ci])
                    let weights = packedFilter + ci * cout
                    for co in 0..<cout {
                        let weight = weights[co]
                        o0[co] += x0 * weight
                        o1[co] += x1 * weight
                        o2[co] += x2 * weight
                        o3[co] += x3 * weight
                    }
                }
            } else {
                for pixel in 0..<block {
                    let o = out + pixel * cout
                    for ci in 0..<cin {
                        let value = x[pixel * cin + ci]
                        let weights = packedFilter + ci * cout
                        for co in 0..<cout { o[co] += value * weights[co] }
                    }
                }
            }
            for pixel in 0..<block {
                let o = out + pixel * cout
                for co in 0..<cout { o[co] = p.activation.apply(o[co] + (bias?[co] ?? 0)) }
            }
            first += block
        }
    }

    /// `out[co] = sum over (ky, kx, ci) of input * filter[co, ky, kx, ci]`, one channel at a time.
    private func invokeByDotProducts() {
        let (h, w, cin, cout) = (p.height.inputSize, p.width.inputSize, p.inputChannels, p.outputChannels)
        let (oh, ow, kh, kw) = (p.height.outputSize, p.width.outputSize, p.height.kernelSize, p.width.kernelSize)
        for n in 0..<p.batch {
            for oy in 0..<oh {
                for ox in 0..<ow {
                    let out = output + ((n * oh + oy) * ow + ox) * cout
                    for co in 0..<cout {
                        var sum: Float = 0
                        for ky in 0..<kh {
                            let iy = oy * p.height.stride - p.height.padBefore + ky * p.height.dilation
                            if iy < 0 || iy >= h { continue }
                            for kx in 0..<kw {
                                let ix = ox * p.width.stride - p.width.padBefore + kx * p.width.dilation
                                if ix < 0 || ix >= w { continue }
                                let pixel = input + ((n * h + iy) * w + ix) * cin
                                let weights = filter + ((co * kh + ky) * kw + kx) * cin
                                for ci in 0..<cin { sum += pixel[ci] * weights[ci] }
                            }
                        }
                        out[co] = p.activation.apply(sum + (bias?[co] ?? 0))
                    }
                }
            }
        }
    }
}

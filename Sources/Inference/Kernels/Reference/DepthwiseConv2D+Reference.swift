/// DEPTHWISE_CONV_2D, plain loops: output channel `oc = c * M + m` sums
/// `input[iy, ix, c] * filter[ky, kx, oc]` over (ky, kx) in Float, then adds the bias.
final class ReferenceDepthwiseConv2DKernel: Kernel {
    private let p: DepthwiseConv2DParameters
    private let input: UnsafeMutablePointer<Float>   // [N, H, W, C]
    private let filter: UnsafeMutablePointer<Float>  // [1, KH, KW, C * M]
    private let bias: UnsafeMutablePointer<Float>?   // [C * M]
    private let output: UnsafeMutablePointer<Float>  // [N, OH, OW, C * M]
    private let accumulator: UnsafeMutablePointer<Float>  // [C * M]

    init(_ context: KernelContext) throws {
        p = try DepthwiseConv2DParameters(context)
        input = context.floats(context.input(0))
        filter = context.floats(context.input(1))
        bias = p.hasBias ? context.floats(context.input(2)) : nil
        output = context.floats(context.output(0))
        accumulator = .allocate(capacity: p.outputChannels)
    }

    deinit { accumulator.deallocate() }

    func invoke() {
        let (h, w, c, m, oc) = (p.height.inputSize, p.width.inputSize, p.inputChannels, p.depthMultiplier, p.outputChannels)
        let (oh, ow, kh, kw) = (p.height.outputSize, p.width.outputSize, p.height.kernelSize, p.width.kernelSize)
        let acc = accumulator
        let (sx, dx, padLeft) = (p.width.stride, p.width.dilation, p.width.padBefore)
        for n in 0..<p.batch {
            for oy in 0..<oh {
                var ox = 0
                while ox < ow {
                    // Four pixels whose taps all lie inside the row share each weight load.
                    let firstColumn = ox * sx - padLeft
                    let lastColumn = (ox + 3) * sx - padLeft + (kw - 1) * dx
                    if m == 1 && ox + 4 <= ow && firstColumn >= 0 && lastColumn < w {
                        invokeFourPixels(n: n, oy: oy, ox: ox)
                        ox += 4
                        continue
                    }
                    acc.update(repeating: 0, count: oc)
                    for ky in 0..<kh {
                        let iy = oy * p.height.stride - p.height.padBefore + ky * p.height.dilation
                        if iy < 0 || iy >= h { continue }
                        for kx in 0..<kw {
                            let ix = ox * sx - padLeft + kx * dx
                            if ix < 0 || ix >= w { continue }
                            let pixel = input + ((n * h + iy) * w + ix) * c
                            let taps = filter + (ky * kw + kx) * oc
                            if m == 1 {
                                for ch in 0..<c { acc[ch] += pixel[ch] * taps[ch] }
                            } else {
                                for o in 0..<oc { acc[o] += pixel[o / m] * taps[o] }
                            }
                        }
                    }
                    let out = output + ((n * oh + oy) * ow + ox) * oc
                    for o in 0..<oc {
                        out[o] = p.activation.apply(acc[o] + (bias?[o] ?? 0))
                    }
                    ox += 1
                }
            }
        }
    }

    /// Output pixels `ox ..< ox + 4` of row `oy` (multiplier 1, every tap inside the row),
    /// accumulated in place in the output. Each output sums the same terms in the same order as the
    /// one-pixel loop, then adds the bias, so the results are identical.
    private func invokeFourPixels(n: Int, oy: Int, ox: Int) {
        let (h, w, c) = (p.height.inputSize, p.width.inputSize, p.inputChannels)
        let (oh, ow, kh, kw) = (p.height.outputSize, p.width.outputSize, p.height.kernelSize, p.width.kernelSize)
        let step = p.width.stride * c  // input elements between neighbouring output pixels
        let o0 = output + ((n * oh + oy) * ow + ox) * c
        let (o1, o2, o3) = (o0 + c, o0 + 2 * c, o0 + 3 * c)
        o0.update(repeating: 0, count: 4 * c)
        for ky in 0..<kh {
            let iy = oy * p.height.stride - p.height.padBefore + ky * p.height.dilation
            if iy < 0 || iy >= h { continue }
            for kx in 0..<kw {
                let ix = ox * p.width.stride - p.width.padBefore + kx * p.width.dilation
                let x0 = input + ((n * h + iy) * w + ix) * c
                let (x1, x2, x3) = (x0 + step, x0 + 2 * step, x0 + 3 * step)
                let taps = filter + (ky * kw + kx) * c
                for ch in 0..<c {
                    let weight = taps[ch]
                    o0[ch] += x0[ch] * weight
                    o1[ch] += x1[ch] * weight
                    o2[ch] += x2[ch] * weight
                    o3[ch] += x3[ch] * weight
                }
            }
        }
        for o in 0..<4 * c {
            o0[o] = p.activation.apply(o0[o] + (bias?[o % c] ?? 0))
        }
    }
}

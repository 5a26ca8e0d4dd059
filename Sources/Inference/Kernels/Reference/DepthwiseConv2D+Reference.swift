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
        for n in 0..<p.batch {
            for oy in 0..<oh {
                for ox in 0..<ow {
                    acc.update(repeating: 0, count: oc)
                    for ky in 0..<kh {
                        let iy = oy * p.height.stride - p.height.padBefore + ky * p.height.dilation
                        if iy < 0 || iy >= h { continue }
                        for kx in 0..<kw {
                            let ix = ox * p.width.stride - p.width.padBefore + kx * p.width.dilation
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
                }
            }
        }
    }
}

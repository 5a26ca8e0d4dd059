/// MAX_POOL_2D and AVERAGE_POOL_2D, plain loops over the window clipped to the input (padded
/// positions are ignored; the average divides by the number of positions inside the input). The
/// output pixel holds the running maximum or sum while the window is scanned.
final class ReferencePool2DKernel: Kernel {
    private let p: Pool2DParameters
    private let isMax: Bool
    private let input: UnsafeMutablePointer<Float>   // [N, H, W, C]
    private let output: UnsafeMutablePointer<Float>  // [N, OH, OW, C]

    init(_ context: KernelContext) throws {
        p = try Pool2DParameters(context)
        isMax = context.node.op == .maxPool2D
        input = context.floats(context.input(0))
        output = context.floats(context.output(0))
    }

    func invoke() {
        let (h, w, c) = (p.height.inputSize, p.width.inputSize, p.channels)
        let (oh, ow) = (p.height.outputSize, p.width.outputSize)
        for n in 0..<p.batch {
            for oy in 0..<oh {
                let y0 = oy * p.height.stride - p.height.padBefore
                let yStart = max(y0, 0), yEnd = min(y0 + p.height.kernelSize, h)
                for ox in 0..<ow {
                    let x0 = ox * p.width.stride - p.width.padBefore
                    let xStart = max(x0, 0), xEnd = min(x0 + p.width.kernelSize, w)
                    let out = output + ((n * oh + oy) * ow + ox) * c
                    out.update(repeating: isMax ? -.greatestFiniteMagnitude : 0, count: c)
                    for iy in yStart..<max(yEnd, yStart) {
                        for ix in xStart..<max(xEnd, xStart) {
                            let pixel = input + ((n * h + iy) * w + ix) * c
                            if isMax {
                                for ch in 0..<c { out[ch] = max(out[ch], pixel[ch]) }
                            } else {
                                for ch in 0..<c { out[ch] += pixel[ch] }
                            }
                        }
                    }
                    let count = Float(max(yEnd - yStart, 0) * max(xEnd - xStart, 0))
                    for ch in 0..<c {
                        let value = isMax ? out[ch] : (count > 0 ? out[ch] / count : 0)
                        out[ch] = p.activation.apply(value)
                    }
                }
            }
        }
    }
}

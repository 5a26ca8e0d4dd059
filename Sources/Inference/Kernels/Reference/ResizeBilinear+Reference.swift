/// RESIZE_BILINEAR as TFLite computes it, in Float:
/// `scale = alignCorners && out > 1 ? (in - 1) / (out - 1) : in / out`;
/// source `v = halfPixelCenters ? (o + 0.5) * scale - 0.5 : o * scale`;
/// `lower = max(floor(v), 0)`, `upper = min(ceil(v), in - 1)`; weights `v - lower` and
/// `1 - (v - lower)` per axis.
final class ReferenceResizeBilinearKernel: Kernel {
    private let p: ResizeBilinearParameters
    private let input: UnsafeMutablePointer<Float>   // [N, H, W, C]
    private let output: UnsafeMutablePointer<Float>  // [N, OH, OW, C]

    init(_ context: KernelContext) throws {
        p = try ResizeBilinearParameters(context)
        input = context.floats(context.input(0))
        output = context.floats(context.output(0))
    }

    /// The source coordinate and its two neighbours for output index `o` along one axis.
    private func source(_ o: Int, inputSize: Int, outputSize: Int) -> (v: Float, lower: Int, upper: Int) {
        let scale: Float = p.alignCorners && outputSize > 1
            ? Float(inputSize - 1) / Float(outputSize - 1)
            : Float(inputSize) / Float(outputSize)
        let v = p.halfPixelCenters ? (Float(o) + 0.5) * scale - 0.5 : Float(o) * scale
        let lower = max(Int(v.rounded(.down)), 0)
        let upper = min(Int(v.rounded(.up)), inputSize - 1)
        return (v, lower, upper)
    }

    func invoke() {
        let (n, h, w, c) = (p.inputShape[0], p.inputShape[1], p.inputShape[2], p.inputShape[3])
        let (oh, ow) = (p.outputHeight, p.outputWidth)
        var out = output
        for b in 0..<n {
            for oy in 0..<oh {
                let (y, y0, y1) = source(oy, inputSize: h, outputSize: oh)
                let dy = y - Float(y0)
                for ox in 0..<ow {
                    let (x, x0, x1) = source(ox, inputSize: w, outputSize: ow)
                    let dx = x - Float(x0)
                    let topLeft = input + ((b * h + y0) * w + x0) * c
                    let bottomLeft = input + ((b * h + y1) * w + x0) * c
                    let topRight = input + ((b * h + y0) * w + x1) * c
                    let bottomRight = input + ((b * h + y1) * w + x1) * c
                    for ch in 0..<c {
                        out[ch] = topLeft[ch] * (1 - dy) * (1 - dx)
                            + bottomLeft[ch] * dy * (1 - dx)
                            + topRight[ch] * (1 - dy) * dx
                            + bottomRight[ch] * dy * dx
                    }
                    out += c
                }
            }
        }
    }
}

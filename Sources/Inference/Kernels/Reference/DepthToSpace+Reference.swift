/// DEPTH_TO_SPACE (DCR): output `(h * b + dy, w * b + dx, c)` reads input channel
/// `(dy * b + dx) * C + c` at `(h, w)`.
final class ReferenceDepthToSpaceKernel: Kernel {
    private let p: DepthToSpaceParameters
    private let input: UnsafeMutablePointer<Float>   // [N, H, W, C * b * b]
    private let output: UnsafeMutablePointer<Float>  // [N, H * b, W * b, C]

    init(_ context: KernelContext) throws {
        p = try DepthToSpaceParameters(context)
        input = context.floats(context.input(0))
        output = context.floats(context.output(0))
    }

    func invoke() {
        let (n, h, w, inC) = (p.inputShape[0], p.inputShape[1], p.inputShape[2], p.inputShape[3])
        let (b, c) = (p.blockSize, p.outputChannels)
        var out = output
        for batch in 0..<n {
            for oy in 0..<h * b {
                let (iy, dy) = (oy / b, oy % b)
                for ox in 0..<w * b {
                    let (ix, dx) = (ox / b, ox % b)
                    let source = input + ((batch * h + iy) * w + ix) * inC + (dy * b + dx) * c
                    out.update(from: source, count: c)
                    out += c
                }
            }
        }
    }
}

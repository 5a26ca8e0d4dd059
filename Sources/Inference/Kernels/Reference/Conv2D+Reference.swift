/// CONV_2D, TFLite's reference arithmetic. Each output sums `input * filter` over (ky, kx, ci) in that order, in
/// Float starting from 0 (taps that fall in the padding are skipped), then adds the bias and
/// clamps, as TFLite's reference kernel does.
///
/// The loops are arranged so that the sums stay in registers: output channels go in lanes of a
/// SIMD vector (8 lanes, or 4 when there are at most 4 channels), and four neighbouring output
/// pixels of a row are summed together whenever all their taps lie inside the row, so each weight
/// vector is loaded once per four pixels. Lanes and pixels are independent sums, so every output
/// still adds exactly the same terms in exactly the same order: the arrangement changes the speed,
/// never the result (the tests check variants against each other bit for bit).
///
/// The filter is copied once at load from `[Cout, KH, KW, Cin]` to blocks of `lanes` output
/// channels, `[Cout / lanes][KH][KW][Cin][lanes]` (zero-filled past Cout), so that the weights of
/// one block are read in order.
final class ReferenceConv2DKernel: Kernel {
    private let p: Conv2DParameters
    private let input: UnsafeMutablePointer<Float>   // [N, H, W, Cin]
    private let filter: UnsafeMutablePointer<Float>  // [Cout, KH, KW, Cin]
    private let output: UnsafeMutablePointer<Float>  // [N, OH, OW, Cout]
    private let bias: UnsafeMutablePointer<Float>?   // [Cout]
    /// Output channels per block: the SIMD width.
    private let lanes: Int
    private let blocks: Int
    private let packedFilter: UnsafeMutablePointer<Float>  // [blocks, KH, KW, Cin, lanes]
    private let packedBias: UnsafeMutablePointer<Float>    // [blocks * lanes], zero when absent
    private let partialBlock: UnsafeMutablePointer<Float>  // [lanes]: the last block's lanes before the copy
    /// False when the filter or bias is computed at run time: then they are packed at every invoke.
    private let weightsAreConstant: Bool

    init(_ context: KernelContext) throws {
        guard context.node.epilogue == nil else {
            throw context.invalid("a fused ADD or PRELU is run by the fast kernels only (docs/engine.md §4.3)")
        }
        p = try Conv2DParameters(context)
        input = context.floats(context.input(0))
        filter = context.floats(context.input(1))
        bias = p.hasBias ? context.floats(context.input(2)) : nil
        output = context.floats(context.output(0))
        lanes = p.outputChannels <= 4 ? 4 : 8
        blocks = (p.outputChannels + lanes - 1) / lanes
        let taps = p.height.kernelSize * p.width.kernelSize * p.inputChannels
        packedFilter = .allocate(capacity: blocks * taps * lanes)
        packedBias = .allocate(capacity: blocks * lanes)
        partialBlock = .allocate(capacity: lanes)
        weightsAreConstant = context.tensor(context.input(1)).isConstant && (!p.hasBias || context.tensor(context.input(2)).isConstant)
        packWeights()
    }

    deinit {
        packedFilter.deallocate()
        packedBias.deallocate()
        partialBlock.deallocate()
    }

    private func packWeights() {
        let (cout, kh, kw, cin) = (p.outputChannels, p.height.kernelSize, p.width.kernelSize, p.inputChannels)
        packedFilter.update(repeating: 0, count: blocks * kh * kw * cin * lanes)
        packedBias.update(repeating: 0, count: blocks * lanes)
        for co in 0..<cout {
            let (block, lane) = co.quotientAndRemainder(dividingBy: lanes)
            for ky in 0..<kh {
                for kx in 0..<kw {
                    for ci in 0..<cin {
                        let packed = (((block * kh + ky) * kw + kx) * cin + ci) * lanes + lane
                        packedFilter[packed] = filter[((co * kh + ky) * kw + kx) * cin + ci]
                    }
                }
            }
            packedBias[co] = bias?[co] ?? 0
        }
    }

    func invoke() {
        if !weightsAreConstant { packWeights() }
        if lanes == 8 { run(SIMD8<Float>.self) } else { run(SIMD4<Float>.self) }
    }

    /// Every output pixel, four at a time where their taps all lie inside the row.
    private func run<V: FloatLanes>(_: V.Type) {
        if isPointwise { return runPointwise(V.self) }
        let (h, w, cin) = (p.height.inputSize, p.width.inputSize, p.inputChannels)
        let (oh, ow) = (p.height.outputSize, p.width.outputSize)
        let (sx, dx, kw, padLeft) = (p.width.stride, p.width.dilation, p.width.kernelSize, p.width.padBefore)
        for n in 0..<p.batch {
            for oy in 0..<oh {
                // Kernel rows whose input row exists (the others read padding and add nothing).
                let top = oy * p.height.stride - p.height.padBefore
                let rows = p.height.validTaps(from: top)
                let inputRow = input + (n * h + top) * w * cin  // row `top`, which may lie in the padding
                let outputRow = output + (n * oh + oy) * ow * p.outputChannels
                var ox = 0
                while ox < ow {
                    let first = ox * sx - padLeft
                    if ox + 4 <= ow && first >= 0 && (ox + 3) * sx - padLeft + (kw - 1) * dx < w {
                        for block in 0..<blocks {
                            fourPixels(V.self, origin: inputRow + first * cin, rows: rows, columns: 0..<kw, block: block,
                                       output: outputRow + ox * p.outputChannels)
                        }
                        ox += 4
                    } else {
                        let columns = p.width.validTaps(from: first)
                        for block in 0..<blocks {
                            onePixel(V.self, origin: inputRow + first * cin, rows: rows, columns: columns, block: block,
                                     output: outputRow + ox * p.outputChannels)
                        }
                        ox += 1
                    }
                }
            }
        }
    }

    /// 1x1, stride 1, no padding: the input is a `[pixels, Cin]` matrix and the output
    /// `[pixels, Cout]`, so any four consecutive pixels (across rows too) form a tile.
    private var isPointwise: Bool {
        p.height.kernelSize == 1 && p.width.kernelSize == 1 && p.height.stride == 1 && p.width.stride == 1
            && p.height.padBefore == 0 && p.width.padBefore == 0
    }

    private func runPointwise<V: FloatLanes>(_: V.Type) {
        let (cin, cout) = (p.inputChannels, p.outputChannels)
        let pixels = p.batch * p.height.outputSize * p.width.outputSize
        var pixel = 0
        while pixel + 4 <= pixels {
            for block in 0..<blocks {
                fourPixels(V.self, origin: input + pixel * cin, rows: 0..<1, columns: 0..<1, block: block, output: output + pixel * cout)
            }
            pixel += 4
        }
        while pixel < pixels {
            for block in 0..<blocks {
                onePixel(V.self, origin: input + pixel * cin, rows: 0..<1, columns: 0..<1, block: block, output: output + pixel * cout)
            }
            pixel += 1
        }
    }

    /// Output channels `block * lanes ..< (block + 1) * lanes` of four neighbouring pixels whose
    /// window starts at `origin` (the input element at kernel tap (0, 0) of the first pixel).
    @inline(__always)
    private func fourPixels<V: FloatLanes>(_: V.Type, origin: UnsafeMutablePointer<Float>, rows: Range<Int>, columns: Range<Int>,
                                     block: Int, output: UnsafeMutablePointer<Float>) {
        let (w, cin, kw) = (p.width.inputSize, p.inputChannels, p.width.kernelSize)
        let step = p.width.stride * cin  // input elements between neighbouring output pixels
        var (s0, s1, s2, s3) = (V(), V(), V(), V())
        let blockWeights = packedFilter + block * p.height.kernelSize * kw * cin * lanes
        for ky in rows {
            for kx in columns {
                let x0 = origin + (ky * p.height.dilation * w + kx * p.width.dilation) * cin
                let (x1, x2, x3) = (x0 + step, x0 + 2 * step, x0 + 3 * step)
                var weights = blockWeights + (ky * kw + kx) * cin * lanes
                for ci in 0..<cin {
                    let weight = V.load(weights)
                    s0 += V(repeating: x0[ci]) * weight
                    s1 += V(repeating: x1[ci]) * weight
                    s2 += V(repeating: x2[ci]) * weight
                    s3 += V(repeating: x3[ci]) * weight
                    weights += lanes
                }
            }
        }
        let cout = p.outputChannels
        store(s0, block: block, to: output)
        store(s1, block: block, to: output + cout)
        store(s2, block: block, to: output + 2 * cout)
        store(s3, block: block, to: output + 3 * cout)
    }

    /// One pixel's block of output channels; `rows` and `columns` are the taps inside the input.
    @inline(__always)
    private func onePixel<V: FloatLanes>(_: V.Type, origin: UnsafeMutablePointer<Float>, rows: Range<Int>, columns: Range<Int>,
                                   block: Int, output: UnsafeMutablePointer<Float>) {
        let (w, cin, kw) = (p.width.inputSize, p.inputChannels, p.width.kernelSize)
        var sum = V()
        let blockWeights = packedFilter + block * p.height.kernelSize * kw * cin * lanes
        for ky in rows {
            for kx in columns {
                let x = origin + (ky * p.height.dilation * w + kx * p.width.dilation) * cin
                var weights = blockWeights + (ky * kw + kx) * cin * lanes
                for ci in 0..<cin {
                    sum += V(repeating: x[ci]) * V.load(weights)
                    weights += lanes
                }
            }
        }
        store(sum, block: block, to: output)
    }

    /// Adds the bias, clamps, and writes the block's channels that exist into the pixel at `output`.
    @inline(__always)
    private func store<V: FloatLanes>(_ sum: V, block: Int, to output: UnsafeMutablePointer<Float>) {
        let value = (sum + V.load(packedBias + block * lanes)).clamped(to: p.activation)
        let first = block * lanes
        let count = min(lanes, p.outputChannels - first)
        if count == lanes {
            value.store(to: output + first)
        } else {
            value.store(to: partialBlock)
            (output + first).update(from: partialBlock, count: count)
        }
    }
}


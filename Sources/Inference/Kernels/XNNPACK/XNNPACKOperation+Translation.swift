#if XNNPACK
import CXNNPACK
import TFLite

/// Why a node stays off XNNPACK (recorded as the fallback reason).
struct XNNPACKUnsupported: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension XNNPACKOperation {
    /// Translates a node, or throws why this XNNPACK cannot run it.
    init(node: Node, graph: Graph) throws(XNNPACKUnsupported) {
        let translator = Translator(node: node, graph: graph)
        self = try translator.translate()
    }
}

/// The per-op rules. Every shape XNNPACK will compute is checked against the graph's shapes.
private struct Translator {
    let node: Node
    let graph: Graph

    func translate() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        switch node.op {
        case .conv2D: return try convolution()
        case .depthwiseConv2D: return try depthwiseConvolution()
        case .maxPool2D: return try maxPooling()
        case .add: return try binary(.add, activation: elementwiseActivation())
        case .sub: return try binary(.subtract, activation: elementwiseActivation())
        case .mul: return try binary(.multiply, activation: elementwiseActivation())
        case .div: return try binary(.divide, activation: elementwiseActivation())
        case .squaredDifference: return try binary(.squaredDifference, activation: .none)
        case .neg: return try unary(.negate)
        case .sqrt: return try unary(.squareRoot)
        case .logistic: return try unary(.sigmoid)
        case .hardSwish: return try unary(.hardSwish)
        case .relu: return try clamp(0...Float.infinity)
        case .relu6: return try clamp(0...6)
        case .prelu: return try prelu()
        case .pad: return try constantPad()
        case .reshape: return try reshape()
        case .resizeBilinear: return try resizeBilinear()
        case .depthToSpace: return try depthToSpace()
        case .mean: return try mean()
        case .fullyConnected: return try fullyConnected()
        default: throw XNNPACKUnsupported("\(node.op) is not in this XNNPACK")
        }
    }

    // MARK: Tensors

    func input(_ i: Int) throws(XNNPACKUnsupported) -> Int {
        guard i < node.inputs.count, node.inputs[i] >= 0, node.inputs[i] < graph.tensors.count else {
            throw XNNPACKUnsupported("input \(i) missing")
        }
        return node.inputs[i]
    }

    func output() throws(XNNPACKUnsupported) -> Int {
        guard node.outputs.count == 1, node.outputs[0] >= 0, node.outputs[0] < graph.tensors.count else {
            throw XNNPACKUnsupported("expects exactly one output")
        }
        let t = node.outputs[0]
        guard graph.tensors[t].type == .float32, graph.tensors[t].constant == nil else {
            throw XNNPACKUnsupported("output is not a float32 activation")
        }
        return t
    }

    /// A float32 tensor that is computed at run time (not a constant).
    func activation(_ i: Int) throws(XNNPACKUnsupported) -> Int {
        let t = try input(i)
        guard graph.tensors[t].type == .float32, graph.tensors[t].constant == nil else {
            throw XNNPACKUnsupported("input \(i) is not a float32 activation")
        }
        return t
    }

    func floatConstant(_ i: Int) throws(XNNPACKUnsupported) -> (tensor: Int, values: [Float]) {
        let t = try input(i)
        guard case .float32(let values)? = graph.tensors[t].constant,
              values.count == graph.tensors[t].shape.reduce(1, &*) else {
            throw XNNPACKUnsupported("input \(i) is not a float32 constant")
        }
        return (t, values)
    }

    func int32Constant(_ i: Int) throws(XNNPACKUnsupported) -> [Int32] {
        let t = try input(i)
        guard case .int32(let values)? = graph.tensors[t].constant else {
            throw XNNPACKUnsupported("input \(i) is not an int32 constant")
        }
        return values
    }

    func shape(_ t: Int) -> [Int] { graph.tensors[t].shape }

    func require(_ condition: Bool, _ reason: @autoclosure () -> String) throws(XNNPACKUnsupported) {
        if !condition { throw XNNPACKUnsupported(reason()) }
    }

    /// Sizes beyond this are refused, which also keeps every product below overflow.
    static let sizeLimit = 1 << 24

    func requireRank(_ t: Int, _ rank: Int, _ what: String) throws(XNNPACKUnsupported) {
        let s = shape(t)
        try require(s.count == rank, "\(what) must have rank \(rank), has shape \(s)")
        try require(s.allSatisfy { $0 >= 1 && $0 <= Self.sizeLimit }, "\(what) has an unsupported shape \(s)")
    }

    // MARK: Activations

    func range(_ activation: FusedActivation) throws(XNNPACKUnsupported) -> ClosedRange<Float> {
        switch activation {
        case .none: return -Float.infinity...Float.infinity
        case .relu: return 0...Float.infinity
        case .relu6: return 0...6
        case .reluN1To1: return -1...1
        default: throw XNNPACKUnsupported("fused activation \(activation) is not a clamp")
        }
    }

    func elementwiseActivation() -> FusedActivation {
        if case .elementwise(let activation) = node.options { return activation }
        return .none
    }

    // MARK: Windows

    /// The window of this node: TFLite's SAME or VALID rule as the other backends resolve it
    /// (``WindowAxis``, which adds a PAD folded into the node, ``Node/foldedPadding``).
    func window(input: [Int], kernelHeight: Int, kernelWidth: Int, strideH: Int, strideW: Int,
                dilationH: Int, dilationW: Int, padding: Padding) throws(XNNPACKUnsupported) -> (XNNPACKWindow, outputHeight: Int, outputWidth: Int) {
        try require([kernelHeight, kernelWidth, strideH, strideW, dilationH, dilationW].allSatisfy { (1...4096).contains($0) },
                    "window \(kernelHeight)x\(kernelWidth) stride \(strideH),\(strideW) dilation \(dilationH),\(dilationW) is out of range")
        let folded = node.foldedPadding ?? .zero
        let reader = NodeReader(node: node, tensors: graph.tensors)
        guard let v = try? WindowAxis(padding: padding, inputSize: input[1], kernelSize: kernelHeight, stride: strideH, dilation: dilationH,
                                      folded: (folded.top, folded.bottom), reader: reader),
              let h = try? WindowAxis(padding: padding, inputSize: input[2], kernelSize: kernelWidth, stride: strideW, dilation: dilationW,
                                      folded: (folded.left, folded.right), reader: reader) else {
            throw XNNPACKUnsupported("window \(kernelHeight)x\(kernelWidth) stride \(strideH),\(strideW) does not fit input \(input) padded by \(folded)")
        }
        let window = XNNPACKWindow(
            kernelHeight: kernelHeight, kernelWidth: kernelWidth, strideHeight: strideH, strideWidth: strideW,
            dilationHeight: dilationH, dilationWidth: dilationW,
            padTop: v.padBefore, padBottom: v.padAfter, padLeft: h.padBefore, padRight: h.padAfter)
        return (window, v.outputSize, h.outputSize)
    }

    func bias(_ i: Int, count: Int) throws(XNNPACKUnsupported) -> Int {
        guard i < node.inputs.count, node.inputs[i] >= 0 else { return -1 }
        let b = try floatConstant(i)
        try require(b.values.count == count, "bias has \(b.values.count) values, expected \(count)")
        return b.tensor
    }

    // MARK: Ops

    func convolution() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        guard case .conv2D(let o) = node.options else { throw XNNPACKUnsupported("missing CONV_2D options") }
        try require(node.epilogue == nil, "a fused ADD or PRELU is run by the fast kernels only")
        let x = try activation(0), filter = try floatConstant(1), y = try output()
        try requireRank(x, 4, "input"); try requireRank(filter.tensor, 4, "filter"); try requireRank(y, 4, "output")
        let f = shape(filter.tensor), xs = shape(x)
        let outputChannels = f[0], groupInputChannels = f[3]
        try require(xs[3] % groupInputChannels == 0, "input channels \(xs[3]) not a multiple of filter depth \(groupInputChannels)")
        let groups = xs[3] / groupInputChannels
        try require(outputChannels % groups == 0, "output channels \(outputChannels) not divisible into \(groups) groups")
        let b = try bias(2, count: outputChannels)
        let (w, oh, ow) = try window(input: xs, kernelHeight: f[1], kernelWidth: f[2], strideH: o.strideH, strideW: o.strideW,
                                     dilationH: o.dilationH, dilationW: o.dilationW, padding: o.padding)
        try require(shape(y) == [xs[0], oh, ow, outputChannels], "output shape \(shape(y)) differs from [\(xs[0]), \(oh), \(ow), \(outputChannels)]")
        return XNNPACKOperation(
            kind: .convolution(w, groups: groups, groupInputChannels: groupInputChannels, groupOutputChannels: outputChannels / groups),
            inputs: [x, filter.tensor, b], output: y, outputRange: try range(o.fusedActivation))
    }

    func depthwiseConvolution() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        guard case .depthwiseConv2D(let o) = node.options else { throw XNNPACKUnsupported("missing DEPTHWISE_CONV_2D options") }
        let x = try activation(0), filter = try floatConstant(1), y = try output()
        try requireRank(x, 4, "input"); try requireRank(filter.tensor, 4, "filter"); try requireRank(y, 4, "output")
        let f = shape(filter.tensor), xs = shape(x)
        try require(f[0] == 1, "depthwise filter must be [1, KH, KW, C*M], is \(f)")
        let outputChannels = f[3], inputChannels = xs[3]
        try require(outputChannels % inputChannels == 0, "filter channels \(outputChannels) not a multiple of input channels \(inputChannels)")
        let multiplier = outputChannels / inputChannels
        let b = try bias(2, count: outputChannels)
        let (w, oh, ow) = try window(input: xs, kernelHeight: f[1], kernelWidth: f[2], strideH: o.strideH, strideW: o.strideW,
                                     dilationH: o.dilationH, dilationW: o.dilationW, padding: o.padding)
        try require(shape(y) == [xs[0], oh, ow, outputChannels], "output shape \(shape(y)) differs from [\(xs[0]), \(oh), \(ow), \(outputChannels)]")
        return XNNPACKOperation(
            kind: .depthwiseConvolution(w, depthMultiplier: multiplier, inputChannels: inputChannels),
            inputs: [x, filter.tensor, b], output: y, outputRange: try range(o.fusedActivation))
    }

    func maxPooling() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        guard case .pool2D(let o) = node.options else { throw XNNPACKUnsupported("missing MAX_POOL_2D options") }
        let x = try activation(0), y = try output()
        try requireRank(x, 4, "input"); try requireRank(y, 4, "output")
        let xs = shape(x)
        let (w, oh, ow) = try window(input: xs, kernelHeight: o.filterH, kernelWidth: o.filterW, strideH: o.strideH, strideW: o.strideW,
                                     dilationH: 1, dilationW: 1, padding: o.padding)
        try require(o.filterH * o.filterW > 1, "a 1x1 max pooling is not supported by XNNPACK")
        try require(shape(y) == [xs[0], oh, ow, xs[3]], "output shape \(shape(y)) differs from [\(xs[0]), \(oh), \(ow), \(xs[3])]")
        return XNNPACKOperation(kind: .maxPooling(w), inputs: [x], output: y, outputRange: try range(o.fusedActivation))
    }

    /// Both operands are float32; at most one is a constant; shapes broadcast NumPy-style to the output.
    func binary(_ kind: XNNPACKOperation.Kind, activation: FusedActivation) throws(XNNPACKUnsupported) -> XNNPACKOperation {
        let a = try input(0), b = try input(1), y = try output()
        for t in [a, b] { try require(graph.tensors[t].type == .float32, "operands must be float32") }
        try require(graph.tensors[a].constant == nil || graph.tensors[b].constant == nil, "both operands are constants")
        let sa = shape(a), sb = shape(b), sy = shape(y)
        try require(sa.count <= 6 && sb.count <= 6 && sy.count <= 6, "rank above 6")
        let rank = max(sa.count, sb.count)
        let pa = Array(repeating: 1, count: rank - sa.count) + sa
        let pb = Array(repeating: 1, count: rank - sb.count) + sb
        var broadcast: [Int] = []
        for (da, db) in zip(pa, pb) {
            try require(da == db || da == 1 || db == 1, "shapes \(sa) and \(sb) do not broadcast")
            broadcast.append(da == 1 ? db : da)
        }
        try require(broadcast == sy, "output shape \(sy) differs from broadcast shape \(broadcast)")
        try require(sy.allSatisfy { $0 >= 1 }, "empty tensor")
        return XNNPACKOperation(kind: kind, inputs: [a, b], output: y, outputRange: try range(activation))
    }

    func unary(_ kind: XNNPACKOperation.Kind) throws(XNNPACKUnsupported) -> XNNPACKOperation {
        let x = try activation(0), y = try output()
        try require(shape(x) == shape(y) && shape(x).count <= 6, "input and output shapes differ")
        try require(shape(x).allSatisfy { $0 >= 1 }, "empty tensor")
        return XNNPACKOperation(kind: kind, inputs: [x], output: y)
    }

    func clamp(_ range: ClosedRange<Float>) throws(XNNPACKUnsupported) -> XNNPACKOperation {
        var operation = try unary(.clamp)
        operation.outputRange = range
        return operation
    }

    func prelu() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        let x = try activation(0), slope = try floatConstant(1), y = try output()
        try requireRank(x, 4, "input")
        try require(shape(y) == shape(x), "input and output shapes differ")
        let channels = shape(x)[3]
        let s = shape(slope.tensor)
        try require(slope.values.count == channels && s.last == channels, "slope shape \(s) is not one value per channel")
        return XNNPACKOperation(kind: .prelu(channels: channels), inputs: [x, slope.tensor], output: y)
    }

    func constantPad() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        let x = try activation(0), y = try output()
        let sx = shape(x)
        try require(node.inputs.count == 2, "only PAD with zero padding value")
        let paddings = try int32Constant(1)
        try require(!sx.isEmpty && sx.count <= 6 && paddings.count == 2 * sx.count, "paddings do not match rank \(sx.count)")
        var before: [Int] = [], after: [Int] = [], expected: [Int] = []
        for d in sx.indices {
            let lo = Int(paddings[2 * d]), hi = Int(paddings[2 * d + 1])
            try require(lo >= 0 && hi >= 0 && lo <= Self.sizeLimit && hi <= Self.sizeLimit, "negative or huge padding")
            before.append(lo); after.append(hi); expected.append(sx[d] + lo + hi)
        }
        try require(shape(y) == expected, "output shape \(shape(y)) differs from \(expected)")
        return XNNPACKOperation(kind: .constantPad(before: before, after: after), inputs: [x], output: y)
    }

    func reshape() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        let x = try activation(0), y = try output()
        let sx = shape(x), sy = shape(y)
        try require(sy.count <= 6 && sy.allSatisfy { $0 >= 1 && $0 <= Self.sizeLimit } && sx.allSatisfy { $0 >= 1 }, "unsupported shapes")
        try require(sx.reduce(1, &*) == sy.reduce(1, &*), "element counts differ")
        return XNNPACKOperation(kind: .reshape(newShape: sy), inputs: [x], output: y)
    }

    func resizeBilinear() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        guard case .resizeBilinear(let alignCorners, let halfPixelCenters) = node.options else {
            throw XNNPACKUnsupported("missing RESIZE_BILINEAR options")
        }
        let x = try activation(0), y = try output()
        try requireRank(x, 4, "input"); try requireRank(y, 4, "output")
        let sx = shape(x), sy = shape(y)
        try require(sy[0] == sx[0] && sy[3] == sx[3], "batch or channels change")
        let flags: UInt32
        switch (alignCorners, halfPixelCenters) {
        case (false, true): flags = 0
        case (true, false): flags = UInt32(XNN_FLAG_ALIGN_CORNERS)
        case (false, false): flags = UInt32(XNN_FLAG_TENSORFLOW_LEGACY_MODE)
        case (true, true): throw XNNPACKUnsupported("align_corners with half_pixel_centers")
        }
        return XNNPACKOperation(kind: .resizeBilinear(height: sy[1], width: sy[2], flags: flags), inputs: [x], output: y)
    }

    func depthToSpace() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        guard case .depthToSpace(let block) = node.options, block >= 2, block <= 64 else {
            throw XNNPACKUnsupported("DEPTH_TO_SPACE block size must be 2...64")
        }
        let x = try activation(0), y = try output()
        try requireRank(x, 4, "input"); try requireRank(y, 4, "output")
        let sx = shape(x)
        try require(sx[3] % (block * block) == 0, "channels not divisible by block²")
        try require(shape(y) == [sx[0], sx[1] * block, sx[2] * block, sx[3] / (block * block)], "output shape mismatch")
        return XNNPACKOperation(kind: .depthToSpace(blockSize: block), inputs: [x], output: y)
    }

    func mean() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        let x = try activation(0), y = try output()
        try requireRank(x, 4, "input")
        let axes = Set(try int32Constant(1).map { Int($0) < 0 ? Int($0) + 4 : Int($0) })
        try require(axes == [1, 2], "MEAN over axes other than H and W")
        let sx = shape(x)
        try require(shape(y) == [sx[0], 1, 1, sx[3]], "MEAN without keep_dims")
        return XNNPACKOperation(kind: .globalAveragePooling, inputs: [x], output: y)
    }

    /// FULLY_CONNECTED with constant `[O, K]` weights: the input is flattened to rows of K
    /// (TensorFlow's rule, `XNN_FLAG_TENSORFLOW_RESHAPE_2D`), the output is `[rows, O]`.
    func fullyConnected() throws(XNNPACKUnsupported) -> XNNPACKOperation {
        guard case .fullyConnected(let fused, _) = node.options else {
            throw XNNPACKUnsupported("missing FULLY_CONNECTED options")
        }
        let x = try activation(0), weights = try floatConstant(1), y = try output()
        try requireRank(weights.tensor, 2, "weights")
        let w = shape(weights.tensor), count = shape(x).reduce(1, &*)
        let (outputs, depth) = (w[0], w[1])
        try require(depth > 0 && count % depth == 0, "input of \(count) values is not rows of \(depth)")
        try require(shape(y) == [count / depth, outputs], "output shape \(shape(y)) differs from [\(count / depth), \(outputs)]")
        let b = try bias(2, count: outputs)
        return XNNPACKOperation(kind: .fullyConnected(outputChannels: outputs), inputs: [x, weights.tensor, b], output: y,
                                outputRange: try range(fused))
    }
}
#endif

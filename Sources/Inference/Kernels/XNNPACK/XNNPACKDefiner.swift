#if XNNPACK
import CXNNPACK

/// Defines values and nodes of one segment in an XNNPACK subgraph.
struct XNNPACKDefiner {
    let subgraph: xnn_subgraph_t
    let graph: Graph
    let pointer: (Int) -> UnsafeMutablePointer<Float>
    /// External value ID and flags of each tensor crossing the segment boundary.
    var externalIDs: [Int: (id: UInt32, flags: UInt32)] = [:]
    /// Value IDs already defined, by tensor.
    private var valueIDs: [Int: UInt32] = [:]
    /// Static buffers made here (zero biases); the segment frees them after its runtime.
    private(set) var ownedBuffers: [UnsafeMutableBufferPointer<Float>] = []

    init(subgraph: xnn_subgraph_t, graph: Graph, pointer: @escaping (Int) -> UnsafeMutablePointer<Float>) {
        self.subgraph = subgraph
        self.graph = graph
        self.pointer = pointer
    }

    // MARK: Values

    /// The value of a tensor: static for constants, external across the boundary, else internal.
    /// `dims` overrides the tensor's shape (same element count and layout); `keepsDims` makes
    /// that the tensor's value for every later use (an output defined in another shape).
    mutating func value(_ t: Int, dims: [Int]? = nil, keepsDims: Bool = false) throws(InferenceError) -> UInt32 {
        if dims == nil || keepsDims, let id = valueIDs[t] { return id }
        var shape = dims ?? graph.tensors[t].shape
        if shape.isEmpty { shape = [1] }
        let data: UnsafeRawPointer? = graph.tensors[t].constant != nil ? UnsafeRawPointer(pointer(t)) : nil
        let external = data == nil ? externalIDs[t] : nil
        let id = try defineTensor(shape: shape, data: data, externalID: external?.id ?? XNN_INVALID_VALUE_ID,
                                  flags: external?.flags ?? 0, what: "tensor \(graph.tensors[t].name)")
        if dims == nil || keepsDims { valueIDs[t] = id }
        return id
    }

    /// A static zero bias of `count` values.
    mutating func zeroBias(count: Int) throws(InferenceError) -> UInt32 {
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
        buffer.initialize(repeating: 0)
        ownedBuffers.append(buffer)
        return try defineTensor(shape: [count], data: UnsafeRawPointer(buffer.baseAddress!),
                                externalID: XNN_INVALID_VALUE_ID, flags: 0, what: "zero bias")
    }

    private func defineTensor(shape: [Int], data: UnsafeRawPointer?, externalID: UInt32, flags: UInt32, what: String) throws(InferenceError) -> UInt32 {
        var id: UInt32 = XNN_INVALID_VALUE_ID
        let dims = shape.map { size_t($0) }
        let status = xnn_define_tensor_value(subgraph, xnn_datatype_fp32, dims.count, dims, data, externalID, flags, &id)
        try XNNPACKStatus.check(status, during: "defining \(what) \(shape)")
        return id
    }

    // MARK: Nodes

    /// Defines one operation; `nodeIndex` (the model's operator index) is for messages.
    mutating func define(_ operation: XNNPACKOperation, nodeIndex: Int) throws(InferenceError) {
        let low = operation.outputRange.lowerBound, high = operation.outputRange.upperBound
        let inputs = operation.inputs
        var ids: [UInt32] = []
        for (i, t) in inputs.enumerated() {
            if t < 0 {
                switch operation.kind {
                case .convolution(_, let groups, _, let perGroup): ids.append(try zeroBias(count: groups * perGroup))
                case .fullyConnected(let outputs): ids.append(try zeroBias(count: outputs))
                default: ids.append(try zeroBias(count: graph.tensors[inputs[1]].shape.last ?? 1))
                }
            } else if i == 1, case .prelu(let channels) = operation.kind {
                ids.append(try value(t, dims: [channels]))
            } else {
                ids.append(try value(t))
            }
        }
        var outputDims: [Int]?
        if case .globalAveragePooling = operation.kind, graph.tensors[operation.output].shape.count == 2 {
            let shape = graph.tensors[operation.output].shape
            outputDims = [shape[0], 1, 1, shape[1]]
        }
        let y = try value(operation.output, dims: outputDims, keepsDims: true)
        let status: xnn_status
        switch operation.kind {
        case .convolution(let w, let groups, let gic, let goc):
            status = xnn_define_convolution_2d(
                subgraph, UInt32(w.padTop), UInt32(w.padRight), UInt32(w.padBottom), UInt32(w.padLeft),
                UInt32(w.kernelHeight), UInt32(w.kernelWidth), UInt32(w.strideHeight), UInt32(w.strideWidth),
                UInt32(w.dilationHeight), UInt32(w.dilationWidth), UInt32(groups), gic, goc,
                low, high, ids[0], ids[1], ids[2], y, 0)
        case .depthwiseConvolution(let w, let multiplier, let channels):
            status = xnn_define_depthwise_convolution_2d(
                subgraph, UInt32(w.padTop), UInt32(w.padRight), UInt32(w.padBottom), UInt32(w.padLeft),
                UInt32(w.kernelHeight), UInt32(w.kernelWidth), UInt32(w.strideHeight), UInt32(w.strideWidth),
                UInt32(w.dilationHeight), UInt32(w.dilationWidth), UInt32(multiplier), channels,
                low, high, ids[0], ids[1], ids[2], y, 0)
        case .maxPooling(let w):
            status = xnn_define_max_pooling_2d(
                subgraph, UInt32(w.padTop), UInt32(w.padRight), UInt32(w.padBottom), UInt32(w.padLeft),
                UInt32(w.kernelHeight), UInt32(w.kernelWidth), UInt32(w.strideHeight), UInt32(w.strideWidth),
                1, 1, low, high, ids[0], y, 0)
        case .add: status = xnn_define_add2(subgraph, low, high, ids[0], ids[1], y, 0)
        case .subtract: status = xnn_define_subtract(subgraph, low, high, ids[0], ids[1], y, 0)
        case .multiply: status = xnn_define_multiply2(subgraph, low, high, ids[0], ids[1], y, 0)
        case .divide: status = xnn_define_divide(subgraph, low, high, ids[0], ids[1], y, 0)
        case .squaredDifference: status = xnn_define_squared_difference(subgraph, ids[0], ids[1], y, 0)
        case .negate: status = xnn_define_negate(subgraph, ids[0], y, 0)
        case .squareRoot: status = xnn_define_square_root(subgraph, ids[0], y, 0)
        case .sigmoid: status = xnn_define_sigmoid(subgraph, ids[0], y, 0)
        case .hardSwish: status = xnn_define_hardswish(subgraph, ids[0], y, 0)
        case .clamp: status = xnn_define_clamp(subgraph, low, high, ids[0], y, 0)
        case .prelu: status = xnn_define_prelu(subgraph, ids[0], ids[1], y, 0)
        case .constantPad(let before, let after):
            let pre = before.map { size_t($0) }, post = after.map { size_t($0) }
            status = xnn_define_static_constant_pad(subgraph, pre, post, 0, ids[0], y, 0)
        case .reshape(let newShape):
            let dims = newShape.map { size_t($0) }
            status = xnn_define_static_reshape(subgraph, dims.count, dims, ids[0], y, 0)
        case .resizeBilinear(let height, let width, let flags):
            status = xnn_define_static_resize_bilinear_2d(subgraph, height, width, ids[0], y, flags)
        case .depthToSpace(let block):
            status = xnn_define_depth_to_space(subgraph, ids[0], y, UInt32(block), 0)
        case .globalAveragePooling:
            status = xnn_define_global_average_pooling_2d(subgraph, -.infinity, .infinity, ids[0], y, 0)
        case .fullyConnected:
            status = xnn_define_fully_connected(subgraph, low, high, ids[0], ids[1], ids[2], y,
                                                UInt32(XNN_FLAG_TENSORFLOW_RESHAPE_2D))
        }
        try XNNPACKStatus.check(status, during: "defining node \(nodeIndex) (\(graph.nodes.first { $0.index == nodeIndex }?.op.name ?? "?"))")
    }
}
#endif

extension Model {
    /// The most elements a tensor may have (TFLite stores dimensions as 32-bit integers).
    public static let maxElementCount = Int(Int32.max)

    /// Checks the cross references of a model, throwing ``ModelError/invalid(what:detail:)`` naming
    /// the first problem:
    ///
    /// - there is at least one subgraph;
    /// - every buffer range lies inside ``bytes``; every metadata entry and tensor names a buffer
    ///   that exists;
    /// - every tensor shape is non-negative (its signature may use `-1`) and its element count and
    ///   byte size do not overflow and stay within ``maxElementCount``;
    /// - a constant tensor's buffer holds exactly `elementCount × byteWidth` bytes, or, for a
    ///   sparse tensor, as many values as its sparsity parameters describe (see
    ///   ``Sparsity/storedValueCount(denseShape:)``);
    /// - per-channel quantization matches its dimension;
    /// - subgraph inputs and outputs and operator outputs are tensor indices; operator inputs are
    ///   tensor indices or `-1` (an omitted optional input); every opcode index exists;
    /// - the builtin options of the operators we parse match their operator and hold usable values
    ///   (strides, dilations, filter and block sizes ≥ 1).
    ///
    /// ``init(bytes:)`` calls this, so a model read from a file has passed it.
    public func validate() throws {
        guard !subgraphs.isEmpty else {
            throw ModelError.invalid(what: "Model.subgraphs", detail: "the model has no subgraph")
        }
        for (index, buffer) in buffers.enumerated() where !buffer.range.isEmpty {
            guard buffer.range.lowerBound >= 0, buffer.range.upperBound <= bytes.count else {
                throw ModelError.outOfBounds(what: "Model.buffers[\(index)]", offset: buffer.range.lowerBound, fileSize: bytes.count)
            }
        }
        for (index, entry) in metadata.enumerated() {
            try checkIndex(entry.buffer, count: buffers.count, "Model.metadata[\(index)].buffer")
        }
        for (subgraphIndex, subgraph) in subgraphs.enumerated() {
            try validate(subgraph, path: "Model.subgraphs[\(subgraphIndex)]")
        }
    }

    private func validate(_ subgraph: Subgraph, path: String) throws {
        for (index, tensor) in subgraph.tensors.enumerated() {
            try validate(tensor, path: "\(path).tensors[\(index)]")
        }
        let tensorCount = subgraph.tensors.count
        for (position, index) in subgraph.inputs.enumerated() {
            try checkIndex(index, count: tensorCount, "\(path).inputs[\(position)]")
        }
        for (position, index) in subgraph.outputs.enumerated() {
            try checkIndex(index, count: tensorCount, "\(path).outputs[\(position)]")
        }
        for (operatorIndex, op) in subgraph.operators.enumerated() {
            let opPath = "\(path).operators[\(operatorIndex)]"
            try checkIndex(op.opcodeIndex, count: operatorCodes.count, "\(opPath).opcode_index")
            for (position, index) in op.inputs.enumerated() where index != -1 {
                try checkIndex(index, count: tensorCount, "\(opPath).inputs[\(position)]")
            }
            for (position, index) in op.outputs.enumerated() {
                try checkIndex(index, count: tensorCount, "\(opPath).outputs[\(position)]")
            }
            try op.options.validate(for: operatorCodes[op.opcodeIndex].builtin, path: "\(opPath).builtin_options")
        }
    }

    private func validate(_ tensor: Tensor, path: String) throws {
        let elementCount = try Model.elementCount(of: tensor.shape, allowing: 0, "\(path).shape")
        if let signature = tensor.shapeSignature {
            guard signature.count == tensor.shape.count else {
                throw ModelError.invalid(
                    what: "\(path).shape_signature", detail: "rank \(signature.count) differs from the shape's rank \(tensor.shape.count)"
                )
            }
            _ = try Model.elementCount(of: signature, allowing: -1, "\(path).shape_signature")
        }
        try checkIndex(tensor.buffer, count: buffers.count, "\(path).buffer")
        if let quantization = tensor.quantization {
            try validate(quantization, shape: tensor.shape, path: "\(path).quantization")
        }
        let storedCount = try tensor.sparsity?.storedValueCount(denseShape: tensor.shape, path: "\(path).sparsity") ?? elementCount
        let dataSize = buffers[tensor.buffer].range.count
        guard dataSize > 0, let width = tensor.type.byteWidth else { return }
        let (expected, overflow) = storedCount.multipliedReportingOverflow(by: width)
        guard !overflow, expected == dataSize else {
            throw ModelError.invalid(
                what: "\(path).buffer",
                detail: "buffer \(tensor.buffer) holds \(dataSize) bytes, but \(storedCount) \(tensor.type) values need \(overflow ? "too many" : "\(expected)")"
            )
        }
    }

    private func validate(_ quantization: Quantization, shape: [Int], path: String) throws {
        let channels = quantization.scale.count
        if !quantization.zeroPoint.isEmpty, channels > 0, quantization.zeroPoint.count != channels {
            throw ModelError.invalid(
                what: "\(path).zero_point", detail: "\(quantization.zeroPoint.count) zero points for \(channels) scales"
            )
        }
        guard channels > 1 else { return }
        let axis = quantization.quantizedDimension
        guard shape.indices.contains(axis), shape[axis] == channels else {
            throw ModelError.invalid(
                what: "\(path).quantized_dimension",
                detail: "\(channels) per-channel scales do not match dimension \(axis) of shape \(shape)"
            )
        }
    }

    /// The product of `shape`, checking each dimension is ≥ `minimum` (dimensions of `-1` count as 1)
    /// and the product stays within ``maxElementCount``.
    static func elementCount(of shape: [Int], allowing minimum: Int, _ what: String) throws -> Int {
        var count = 1
        for dimension in shape {
            guard dimension >= minimum else {
                throw ModelError.invalid(what: what, detail: "dimension \(dimension) in \(shape) is negative")
            }
            let (product, overflow) = count.multipliedReportingOverflow(by: dimension < 0 ? 1 : dimension)
            guard !overflow, product <= maxElementCount else {
                throw ModelError.invalid(what: what, detail: "\(shape) has more than \(maxElementCount) elements")
            }
            count = product
        }
        return count
    }

    private func checkIndex(_ index: Int, count: Int, _ what: String) throws {
        guard index >= 0, index < count else {
            throw ModelError.invalid(what: what, detail: "index \(index) is outside 0..<\(count)")
        }
    }
}

import TFLite

/// Reads a model's constant tensors and evaluates its constant DEQUANTIZE and DENSIFY nodes once,
/// at load time. Activations never pass through these operators in the models we run; a
/// non-constant DEQUANTIZE or DENSIFY is reported as unsupported.
struct ConstantFolder {
    /// A constant's values in its stored type.
    enum Values {
        case float32([Float])
        case float16([UInt16])
        /// Stored float16 values still in the model's bytes (two each, little-endian): converted to
        /// float32 from there (``HalfFloat/floats(fromLittleEndian:)``), or densified into `.float16`.
        case float16Bytes(ArraySlice<UInt8>)
        case int32([Int32])
        case int8([Int8])
        case uint8([UInt8])

        var count: Int {
            switch self {
            case .float32(let v): v.count
            case .float16(let v): v.count
            case .float16Bytes(let b): b.count / 2
            case .int32(let v): v.count
            case .int8(let v): v.count
            case .uint8(let v): v.count
            }
        }
    }

    private let model: Model
    private let tensors: [TFLite.Tensor]
    /// Constants produced by folding, keyed by model tensor index. They are dense.
    private var folded: [Int: Values] = [:]

    init(model: Model, subgraph: Subgraph) throws {
        self.model = model
        tensors = subgraph.tensors
    }

    /// Evaluates `op` if it is a DEQUANTIZE or DENSIFY node; returns whether it was folded.
    mutating func fold(op: TFLite.Operator, code: BuiltinOperator, node: Int) throws -> Bool {
        guard code == .dequantize || code == .densify else { return false }
        guard op.inputs.count == 1, op.outputs.count == 1, op.inputs[0] >= 0 else {
            throw InferenceError.invalidNode(op: code.name, node: node, detail: "expected 1 input and 1 output")
        }
        let input = op.inputs[0], output = op.outputs[0]
        guard let values = try stored(input, allowSparse: code == .densify) else {
            throw InferenceError.unsupportedOperator(name: "\(code.name) of an activation", node: node)
        }
        let outputTensor = tensors[output]
        let outputCount = try Self.elementCount(of: outputTensor.shape, tensor: outputTensor.name)
        switch code {
        case .densify:
            guard outputTensor.type == tensors[input].type else {
                throw InferenceError.invalidNode(op: code.name, node: node, detail: "output type \(outputTensor.type) differs from input type \(tensors[input].type)")
            }
            if let sparsity = tensors[input].sparsity, folded[input] == nil {
                // The dense array is made before the walk checks the metadata: no larger than an arena.
                let denseCount = try Self.elementCount(of: tensors[input].shape, tensor: tensors[input].name)
                guard denseCount <= Arena.maximumByteCount / (tensors[input].type.byteWidth ?? 1) else {
                    throw InferenceError.invalidNode(op: code.name, node: node, detail: "sparse tensor '\(tensors[input].name)' of shape \(tensors[input].shape) is too large")
                }
                let densifier = Densifier(sparsity: sparsity, shape: tensors[input].shape, op: code.name, node: node)
                folded[output] = try Self.densify(values, by: densifier)
            } else {
                folded[output] = values
            }
        default:
            guard outputTensor.type == .float32 else {
                throw InferenceError.unsupportedTensorType(tensor: outputTensor.name, type: outputTensor.type.description, detail: "DEQUANTIZE (node \(node)) must produce float32")
            }
            guard tensors[input].sparsity == nil || folded[input] != nil else {
                throw InferenceError.invalidNode(op: code.name, node: node, detail: "input '\(tensors[input].name)' is sparse; it needs a DENSIFY first")
            }
            folded[output] = .float32(try dequantize(values, tensor: tensors[input], node: node))
        }
        guard folded[output]!.count == outputCount else {
            throw InferenceError.invalidNode(op: code.name, node: node, detail: "output '\(outputTensor.name)' has \(outputCount) elements but the folded constant has \(folded[output]!.count)")
        }
        return true
    }

    /// The graph tensor for model tensor `index`: its checked shape, type and dense constant values.
    func graphTensor(for index: Int, source: TFLite.Tensor) throws -> GraphTensor {
        let count = try Self.elementCount(of: source.shape, tensor: source.name)
        let values = try stored(index, allowSparse: false)
        var tensor: GraphTensor
        switch values {
        case nil:
            guard source.type == .float32 else {
                throw InferenceError.unsupportedTensorType(tensor: source.name, type: source.type.description, detail: "activations must be float32")
            }
            tensor = GraphTensor(name: source.name, shape: source.shape, type: .float32)
        case .float32(let v)?:
            tensor = GraphTensor(name: source.name, shape: source.shape, type: .float32, constant: .float32(v))
        case .int32(let v)?:
            tensor = GraphTensor(name: source.name, shape: source.shape, type: .int32, constant: .int32(v))
        case .float16?, .float16Bytes?, .int8?, .uint8?:
            throw InferenceError.unsupportedTensorType(tensor: source.name, type: source.type.description, detail: "constants used by operators must be float32 or int32 (dequantize them first)")
        }
        if let constant = tensor.constant, constant.count != count {
            throw InferenceError.invalidGraph(detail: "constant '\(source.name)' of shape \(source.shape) holds \(constant.count) values")
        }
        return tensor
    }

    // MARK: Reading stored constants

    /// The values of model tensor `index` when it is a constant (folded or stored), else `nil`.
    private func stored(_ index: Int, allowSparse: Bool) throws -> Values? {
        if let values = folded[index] { return values }
        let tensor = tensors[index]
        guard model.buffers.indices.contains(tensor.buffer) else {
            throw InferenceError.invalidGraph(detail: "tensor '\(tensor.name)' refers to buffer \(tensor.buffer) of \(model.buffers.count)")
        }
        let bytes = model.data(of: tensor.buffer)
        if bytes.isEmpty { return nil }
        if tensor.sparsity != nil && !allowSparse {
            throw InferenceError.invalidGraph(detail: "sparse tensor '\(tensor.name)' is used without DENSIFY")
        }
        guard let width = tensor.type.byteWidth, bytes.count % width == 0 else {
            throw InferenceError.unsupportedTensorType(tensor: tensor.name, type: tensor.type.description, detail: "constant of \(bytes.count) bytes")
        }
        if tensor.sparsity == nil {
            let count = try Self.elementCount(of: tensor.shape, tensor: tensor.name)
            guard bytes.count / width == count else {
                throw InferenceError.invalidGraph(detail: "constant '\(tensor.name)' of shape \(tensor.shape) has \(bytes.count) bytes")
            }
        }
        switch tensor.type {
        case .float32: return .float32(Self.load(bytes, as: UInt32.self).map(Float.init(bitPattern:)))
        case .float16: return .float16Bytes(bytes)
        case .int32: return .int32(Self.load(bytes, as: Int32.self))
        case .int8: return .int8(Self.load(bytes, as: Int8.self))
        case .uint8: return .uint8(Self.load(bytes, as: UInt8.self))
        default:
            throw InferenceError.unsupportedTensorType(tensor: tensor.name, type: tensor.type.description, detail: "constants must be float32, float16, int32, int8 or uint8")
        }
    }

    /// The little-endian values stored in `bytes` (no alignment assumed): one copy, then a byte
    /// swap on big-endian hosts.
    static func load<T: FixedWidthInteger>(_ bytes: ArraySlice<UInt8>, as type: T.Type) -> [T] {
        let count = bytes.count / MemoryLayout<T>.size
        var values = [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw.prefix(count * MemoryLayout<T>.size)))
            }
            initialized = count
        }
        if T(littleEndian: 1) != 1 {
            for index in values.indices { values[index] = T(littleEndian: values[index]) }
        }
        return values
    }

    // MARK: Dequantizing

    private func dequantize(_ values: Values, tensor: TFLite.Tensor, node: Int) throws -> [Float] {
        switch values {
        case .float32(let v): return v
        case .float16(let v): return HalfFloat.floats(fromBits: v)
        case .float16Bytes(let b): return HalfFloat.floats(fromLittleEndian: b)
        case .int32: throw InferenceError.unsupportedTensorType(tensor: tensor.name, type: "int32", detail: "DEQUANTIZE (node \(node)) takes float16, int8 or uint8")
        case .int8(let v): return try affine(v.map(Int64.init), tensor: tensor, node: node)
        case .uint8(let v): return try affine(v.map(Int64.init), tensor: tensor, node: node)
        }
    }

    /// `scale * (q - zeroPoint)`, per tensor or per channel along the quantized dimension.
    private func affine(_ q: [Int64], tensor: TFLite.Tensor, node: Int) throws -> [Float] {
        guard let quantization = tensor.quantization, !quantization.scale.isEmpty,
              quantization.zeroPoint.isEmpty || quantization.zeroPoint.count == quantization.scale.count
        else {
            throw InferenceError.invalidNode(op: "DEQUANTIZE", node: node, detail: "'\(tensor.name)' has no usable quantization parameters")
        }
        let channels = quantization.scale.count
        var inner = 1
        if channels > 1 {
            let axis = quantization.quantizedDimension
            guard tensor.shape.indices.contains(axis), tensor.shape[axis] == channels else {
                throw InferenceError.invalidNode(op: "DEQUANTIZE", node: node, detail: "'\(tensor.name)' has \(channels) scales for axis \(axis) of shape \(tensor.shape)")
            }
            inner = tensor.shape[(axis + 1)...].reduce(1, *)
        }
        return q.indices.map { i in
            let channel = channels == 1 ? 0 : (i / inner) % channels
            let zero = quantization.zeroPoint.isEmpty ? 0 : quantization.zeroPoint[channel]
            return quantization.scale[channel] * Float(q[i] - zero)
        }
    }

    // MARK: Helpers

    private static func densify(_ values: Values, by densifier: Densifier) throws -> Values {
        switch values {
        case .float32(let v): .float32(try densifier.densify(v, zero: 0))
        case .float16(let v): .float16(try densifier.densify(v, zero: 0))
        case .float16Bytes(let b): .float16(try densifier.densify(Self.load(b, as: UInt16.self), zero: 0))
        case .int32(let v): .int32(try densifier.densify(v, zero: 0))
        case .int8(let v): .int8(try densifier.densify(v, zero: 0))
        case .uint8(let v): .uint8(try densifier.densify(v, zero: 0))
        }
    }

    /// The product of `shape`, checked for negative dimensions and overflow.
    static func elementCount(of shape: [Int], tensor: String) throws -> Int {
        var count = 1
        for dimension in shape {
            guard dimension >= 0 else {
                throw InferenceError.invalidGraph(detail: "tensor '\(tensor)' has a negative dimension in \(shape)")
            }
            let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
            guard !overflow, product <= 1 << 40 else {
                throw InferenceError.invalidGraph(detail: "tensor '\(tensor)' of shape \(shape) is too large")
            }
            count = product
        }
        return count
    }
}

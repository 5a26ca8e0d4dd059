import TFLite

/// Builds small `TFLite.Model` values in code, with constant buffers, for graph-building tests.
struct SyntheticModel {
    private var bytes: [UInt8] = []
    private var buffers: [Buffer] = [Buffer(range: 0..<0)]
    private var tensors: [TFLite.Tensor] = []
    private var codes: [OperatorCode] = []
    private var operators: [TFLite.Operator] = []

    /// An activation tensor (no data).
    mutating func activation(_ shape: [Int], type: TensorType = .float32, name: String? = nil) -> Int {
        tensors.append(TFLite.Tensor(shape: shape, type: type, buffer: 0, name: name ?? "t\(tensors.count)"))
        return tensors.count - 1
    }

    /// A constant tensor holding `data` (raw little-endian bytes).
    mutating func constant(_ shape: [Int], type: TensorType, data: [UInt8], sparsity: Sparsity? = nil) -> Int {
        let start = bytes.count
        bytes += data
        buffers.append(Buffer(range: start..<bytes.count))
        tensors.append(TFLite.Tensor(shape: shape, type: type, buffer: buffers.count - 1, name: "c\(tensors.count)", sparsity: sparsity))
        return tensors.count - 1
    }

    mutating func float32(_ shape: [Int], _ values: [Float], sparsity: Sparsity? = nil) -> Int {
        constant(shape, type: .float32, data: values.flatMap { Self.littleEndian($0.bitPattern) }, sparsity: sparsity)
    }

    mutating func float16(_ shape: [Int], bits: [UInt16], sparsity: Sparsity? = nil) -> Int {
        constant(shape, type: .float16, data: bits.flatMap { Self.littleEndian($0) }, sparsity: sparsity)
    }

    mutating func int32(_ shape: [Int], _ values: [Int32]) -> Int {
        constant(shape, type: .int32, data: values.flatMap { Self.littleEndian(UInt32(bitPattern: $0)) })
    }

    /// Appends an operator; returns its index in the model.
    @discardableResult
    mutating func op(_ code: BuiltinOperator, _ inputs: [Int], _ outputs: [Int], _ options: OperatorOptions = .none) -> Int {
        if !codes.contains(where: { $0.builtin == code }) { codes.append(OperatorCode(builtin: code)) }
        let opcode = codes.firstIndex { $0.builtin == code }!
        operators.append(TFLite.Operator(opcodeIndex: opcode, inputs: inputs, outputs: outputs, options: options))
        return operators.count - 1
    }

    func model(inputs: [Int], outputs: [Int]) -> Model {
        Model(bytes: bytes, version: 3, description: "synthetic", operatorCodes: codes,
              subgraphs: [Subgraph(tensors: tensors, inputs: inputs, outputs: outputs, operators: operators)],
              buffers: buffers, metadata: [])
    }

    private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}

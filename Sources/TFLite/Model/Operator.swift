/// One node of a subgraph.
public struct Operator: Hashable, Sendable {
    /// Index into ``Model/operatorCodes``.
    public var opcodeIndex: Int
    /// Tensor indices of the inputs; `-1` marks an omitted optional input.
    public var inputs: [Int]
    /// Tensor indices of the outputs.
    public var outputs: [Int]
    /// The parsed builtin options.
    public var options: OperatorOptions
    /// Raw custom options (flexbuffer) of custom operators; empty otherwise.
    public var customOptions: [UInt8]

    public init(opcodeIndex: Int, inputs: [Int], outputs: [Int], options: OperatorOptions = .none, customOptions: [UInt8] = []) {
        self.opcodeIndex = opcodeIndex
        self.inputs = inputs
        self.outputs = outputs
        self.options = options
        self.customOptions = customOptions
    }
}

/// An entry of the model's operator-code table.
public struct OperatorCode: Hashable, Sendable {
    /// The builtin code: `max(deprecated_builtin_code, builtin_code)`, as TFLite resolves it.
    public var builtin: BuiltinOperator
    /// The name of a custom operator (when ``builtin`` is ``BuiltinOperator/custom``).
    public var customCode: String?
    public var version: Int

    public init(builtin: BuiltinOperator, customCode: String? = nil, version: Int = 1) {
        self.builtin = builtin
        self.customCode = customCode
        self.version = version
    }
}

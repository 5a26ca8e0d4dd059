// Field ids and union codes of the TFLite flatbuffer schema (`schema.fbs` in tensorflow/tensorflow,
// tensorflow/compiler/mlir/lite/schema/, and google-ai-edge/LiteRT). A field's id is its declaration
// order in its table; union codes are declaration order in the union, starting at 1 (0 is NONE).

/// `table Model`.
enum ModelField {
    static let version = 0, operatorCodes = 1, subgraphs = 2, description = 3, buffers = 4
    static let metadataBuffer = 5, metadata = 6, signatureDefs = 7
}

/// `table OperatorCode`.
enum OperatorCodeField {
    static let deprecatedBuiltinCode = 0, customCode = 1, version = 2, builtinCode = 3
}

/// `table SubGraph`.
enum SubgraphField {
    static let tensors = 0, inputs = 1, outputs = 2, operators = 3, name = 4
}

/// `table Tensor`.
enum TensorField {
    static let shape = 0, type = 1, buffer = 2, name = 3, quantization = 4, isVariable = 5
    static let sparsity = 6, shapeSignature = 7, hasRank = 8
}

/// `table QuantizationParameters`.
enum QuantizationField {
    static let min = 0, max = 1, scale = 2, zeroPoint = 3, detailsType = 4, quantizedDimension = 6
}

/// `table SparsityParameters` and `table DimensionMetadata`.
enum SparsityField {
    static let traversalOrder = 0, blockMap = 1, dimensionMetadata = 2
    static let format = 0, denseSize = 1, arraySegmentsType = 2, arrayIndicesType = 4
    /// `union SparseIndexVector`: each member is a table with one vector field `values` (id 0).
    static let int32Vector: UInt8 = 1, uint16Vector: UInt8 = 2, uint8Vector: UInt8 = 3
}

/// `table Operator`.
enum OperatorField {
    static let opcodeIndex = 0, inputs = 1, outputs = 2, builtinOptionsType = 3, customOptions = 5
    static let largeCustomOptionsOffset = 9, largeCustomOptionsSize = 10
}

/// `table Buffer`.
enum BufferField {
    static let data = 0, offset = 1, size = 2
}

/// `table Metadata`.
enum MetadataField {
    static let name = 0, buffer = 1
}

/// Codes of `union BuiltinOptions` that ``OperatorOptions`` parses.
enum BuiltinOptionsCode {
    static let conv2D: UInt8 = 1
    static let depthwiseConv2D: UInt8 = 2
    static let pool2D: UInt8 = 5
    static let fullyConnected: UInt8 = 8
    static let concatenation: UInt8 = 10
    static let add: UInt8 = 11
    static let resizeBilinear: UInt8 = 15
    static let reshape: UInt8 = 17
    static let mul: UInt8 = 21
    static let reducer: UInt8 = 27
    static let sub: UInt8 = 28
    static let div: UInt8 = 29
    static let squeeze: UInt8 = 30
    static let stridedSlice: UInt8 = 32
    static let depthToSpace: UInt8 = 94
}

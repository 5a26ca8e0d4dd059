/// A tensor declared by a subgraph: its shape, element type, and where its constant data lives.
public struct Tensor: Hashable, Sendable {
    /// The static shape. For image models this is NHWC, e.g. `[1, 256, 256, 3]`.
    public var shape: [Int]
    /// The shape with `-1` for dimensions that vary at run time, when the model records one.
    public var shapeSignature: [Int]?
    public var type: TensorType
    /// Index into ``Model/buffers``. Buffer 0 is the empty sentinel: such tensors have no constant data.
    public var buffer: Int
    public var name: String
    public var quantization: Quantization?
    public var sparsity: Sparsity?
    public var isVariable: Bool

    public init(
        shape: [Int], shapeSignature: [Int]? = nil, type: TensorType, buffer: Int, name: String,
        quantization: Quantization? = nil, sparsity: Sparsity? = nil, isVariable: Bool = false
    ) {
        self.shape = shape
        self.shapeSignature = shapeSignature
        self.type = type
        self.buffer = buffer
        self.name = name
        self.quantization = quantization
        self.sparsity = sparsity
        self.isVariable = isVariable
    }

    /// The number of elements (the product of ``shape``; 1 for a scalar).
    public var elementCount: Int { shape.reduce(1, *) }
}

/// Affine quantization parameters: `real = scale * (quantized - zeroPoint)`.
public struct Quantization: Hashable, Sendable {
    public var min: [Float]
    public var max: [Float]
    public var scale: [Float]
    public var zeroPoint: [Int64]
    /// The axis along which per-channel parameters vary.
    public var quantizedDimension: Int

    public init(min: [Float] = [], max: [Float] = [], scale: [Float] = [], zeroPoint: [Int64] = [], quantizedDimension: Int = 0) {
        self.min = min
        self.max = max
        self.scale = scale
        self.zeroPoint = zeroPoint
        self.quantizedDimension = quantizedDimension
    }
}

/// Sparse storage of a constant tensor (TFLite's `SparsityParameters`), densified at load time.
public struct Sparsity: Hashable, Sendable {
    /// The order in which the dimensions are traversed, including block dimensions.
    public var traversalOrder: [Int]
    /// For each block dimension, the original dimension it splits.
    public var blockMap: [Int]
    /// One entry per traversed dimension.
    public var dimensionMetadata: [DimensionMetadata]

    public init(traversalOrder: [Int], blockMap: [Int], dimensionMetadata: [DimensionMetadata]) {
        self.traversalOrder = traversalOrder
        self.blockMap = blockMap
        self.dimensionMetadata = dimensionMetadata
    }

    /// How one traversed dimension is stored.
    public enum DimensionMetadata: Hashable, Sendable {
        /// Every index is present, `size` of them.
        case dense(size: Int)
        /// Compressed sparse row: `segments[i]..<segments[i+1]` index into `indices`.
        case sparseCSR(segments: [Int], indices: [Int])
    }
}

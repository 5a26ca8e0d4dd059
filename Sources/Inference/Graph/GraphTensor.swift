/// The element type of a graph tensor. Every activation is `float32`; `int32` appears only in
/// constant shape, axis and index vectors.
package enum ElementType: Hashable, Sendable {
    case float32, int32

    /// Bytes per element (4 for both).
    package var byteWidth: Int { 4 }
}

/// The values of a constant tensor, already in the element type the kernels read (fp16 weights
/// are dequantized and sparse weights densified when the graph is built).
package enum ConstantData: Hashable, Sendable {
    case float32([Float])
    case int32([Int32])

    package var count: Int {
        switch self {
        case .float32(let values): values.count
        case .int32(let values): values.count
        }
    }

    package var elementType: ElementType {
        switch self {
        case .float32: .float32
        case .int32: .int32
        }
    }
}

/// One tensor of a ``Graph``: its static shape, element type and, for weights and shape vectors,
/// its constant values.
package struct GraphTensor: Hashable, Sendable {
    package var name: String
    /// Static shape, outermost dimension first (NHWC for images). `[]` is a scalar.
    package var shape: [Int]
    package var type: ElementType
    /// Folded constant values, or `nil` for activations.
    package var constant: ConstantData?
    package var isGraphInput: Bool
    package var isGraphOutput: Bool

    package init(
        name: String, shape: [Int], type: ElementType, constant: ConstantData? = nil,
        isGraphInput: Bool = false, isGraphOutput: Bool = false
    ) {
        self.name = name
        self.shape = shape
        self.type = type
        self.constant = constant
        self.isGraphInput = isGraphInput
        self.isGraphOutput = isGraphOutput
    }

    /// The number of elements: the product of ``shape`` (1 for a scalar). Shapes are checked for
    /// overflow when the graph is built.
    package var elementCount: Int { shape.reduce(1, *) }

    /// Bytes the tensor's values occupy.
    package var byteCount: Int { elementCount * type.byteWidth }

    package var isConstant: Bool { constant != nil }
}

/// A graph input or output as callers see it: float32 values in row-major order.
public struct TensorInfo: Sendable, Hashable {
    /// The tensor's name in the model.
    public let name: String
    /// Static shape, outermost first; image tensors are NHWC.
    public let shape: [Int]

    /// The number of float32 values.
    public var elementCount: Int { shape.reduce(1, *) }

    public init(name: String, shape: [Int]) {
        self.name = name
        self.shape = shape
    }
}

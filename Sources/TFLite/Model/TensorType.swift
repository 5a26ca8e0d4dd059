/// The element type of a tensor, as numbered by the TFLite schema (`TensorType` in `schema.fbs`).
///
/// Unknown codes are kept (``TensorType/rawValue``) so that a model with a type we cannot run still
/// loads and can be inspected; the engine rejects it when it builds the graph.
public struct TensorType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }

    public static let float32 = TensorType(rawValue: 0)
    public static let float16 = TensorType(rawValue: 1)
    public static let int32 = TensorType(rawValue: 2)
    public static let uint8 = TensorType(rawValue: 3)
    public static let int64 = TensorType(rawValue: 4)
    public static let string = TensorType(rawValue: 5)
    public static let bool = TensorType(rawValue: 6)
    public static let int16 = TensorType(rawValue: 7)
    public static let complex64 = TensorType(rawValue: 8)
    public static let int8 = TensorType(rawValue: 9)
    public static let float64 = TensorType(rawValue: 10)
    public static let complex128 = TensorType(rawValue: 11)
    public static let uint64 = TensorType(rawValue: 12)
    public static let resource = TensorType(rawValue: 13)
    public static let variant = TensorType(rawValue: 14)
    public static let uint32 = TensorType(rawValue: 15)
    public static let uint16 = TensorType(rawValue: 16)
    public static let int4 = TensorType(rawValue: 17)

    /// Bytes per element, or `nil` for types without a fixed size (string, resource, variant, int4).
    public var byteWidth: Int? {
        switch self {
        case .bool, .uint8, .int8: 1
        case .float16, .int16, .uint16: 2
        case .float32, .int32, .uint32: 4
        case .float64, .int64, .uint64, .complex64: 8
        case .complex128: 16
        default: nil
        }
    }

    public var description: String {
        let names = [
            "float32", "float16", "int32", "uint8", "int64", "string", "bool", "int16", "complex64",
            "int8", "float64", "complex128", "uint64", "resource", "variant", "uint32", "uint16", "int4",
        ]
        return names.indices.contains(Int(rawValue)) ? names[Int(rawValue)] : "type(\(rawValue))"
    }
}

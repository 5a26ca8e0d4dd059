/// A TFLite builtin operator code (`BuiltinOperator` in `schema.fbs`).
///
/// A struct rather than an enum so that every code a file can hold is representable; the engine
/// decides at load time which ones it runs. ``name`` gives the schema's name for any known code.
public struct BuiltinOperator: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let add = BuiltinOperator(rawValue: 0)
    public static let averagePool2D = BuiltinOperator(rawValue: 1)
    public static let concatenation = BuiltinOperator(rawValue: 2)
    public static let conv2D = BuiltinOperator(rawValue: 3)
    public static let depthwiseConv2D = BuiltinOperator(rawValue: 4)
    public static let depthToSpace = BuiltinOperator(rawValue: 5)
    public static let dequantize = BuiltinOperator(rawValue: 6)
    public static let fullyConnected = BuiltinOperator(rawValue: 9)
    public static let logistic = BuiltinOperator(rawValue: 14)
    public static let maxPool2D = BuiltinOperator(rawValue: 17)
    public static let mul = BuiltinOperator(rawValue: 18)
    public static let relu = BuiltinOperator(rawValue: 19)
    public static let relu6 = BuiltinOperator(rawValue: 21)
    public static let reshape = BuiltinOperator(rawValue: 22)
    public static let resizeBilinear = BuiltinOperator(rawValue: 23)
    public static let tanh = BuiltinOperator(rawValue: 28)
    public static let pad = BuiltinOperator(rawValue: 34)
    public static let transpose = BuiltinOperator(rawValue: 39)
    public static let mean = BuiltinOperator(rawValue: 40)
    public static let sub = BuiltinOperator(rawValue: 41)
    public static let div = BuiltinOperator(rawValue: 42)
    public static let squeeze = BuiltinOperator(rawValue: 43)
    public static let stridedSlice = BuiltinOperator(rawValue: 45)
    public static let exp = BuiltinOperator(rawValue: 47)
    public static let prelu = BuiltinOperator(rawValue: 54)
    public static let neg = BuiltinOperator(rawValue: 59)
    public static let sum = BuiltinOperator(rawValue: 74)
    public static let sqrt = BuiltinOperator(rawValue: 75)
    public static let rsqrt = BuiltinOperator(rawValue: 76)
    public static let squaredDifference = BuiltinOperator(rawValue: 99)
    public static let hardSwish = BuiltinOperator(rawValue: 117)
    public static let densify = BuiltinOperator(rawValue: 124)
    public static let custom = BuiltinOperator(rawValue: 32)

    /// The schema's name, e.g. `"CONV_2D"`, or `"BUILTIN_<code>"` for a code we do not know.
    public var name: String { BuiltinOperator.schemaNames[rawValue] ?? "BUILTIN_\(rawValue)" }

    public var description: String { name }
}

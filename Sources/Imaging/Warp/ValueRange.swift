/// The float range an 8-bit value 0…255 is mapped to linearly (MediaPipe's `output_tensor_float_range`).
public struct ValueRange: Sendable, Hashable {
    /// The value for 0.
    public var min: Float
    /// The value for 255.
    public var max: Float

    public init(min: Float, max: Float) {
        self.min = min
        self.max = max
    }

    /// `[-1, 1]`, for models normalized with mean = std = 127.5.
    public static let minusOneToOne = ValueRange(min: -1, max: 1)
    /// `[0, 1]`, for models normalized with mean 0, std 255.
    public static let zeroToOne = ValueRange(min: 0, max: 1)

    /// The range for a model normalized as `(value − mean)/std`: `[(0 − mean)/std, (255 − mean)/std]`.
    public init(mean: Float, std: Float) {
        self.init(min: (0 - mean) / std, max: (255 - mean) / std)
    }

    /// `float32((max − min)/255)`, as MediaPipe's `GetValueRangeTransformation` computes it.
    public var scale: Float { (max - min) / (255 - 0) }
    /// `min − 0·scale`.
    public var offset: Float { min - 0 * scale }

    /// The 256 float values: `Float(Double(u8)·Double(scale) + Double(offset))`, the rounding of
    /// OpenCV 4.x's `convertTo` (one multiply-add in double, rounded once; ``CropArithmetic/openCV``).
    public var lookupTable: [Float] {
        let s = Double(scale), o = Double(offset)
        return (0..<256).map { Float(Double($0) * s + o) }
    }

    /// The 256 float values as `arithmetic` rounds them: ``lookupTable`` for `.openCV`;
    /// `Float(u8)·scale + offset` with two float32 roundings for `.mediaPipe` (MediaPipe 1.2.3).
    public func lookupTable(for arithmetic: CropArithmetic) -> [Float] {
        switch arithmetic {
        case .openCV: return lookupTable
        case .mediaPipe: return (0..<256).map { Float($0) * scale + offset }
        }
    }
}

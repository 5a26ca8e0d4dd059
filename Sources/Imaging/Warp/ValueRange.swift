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

    /// The 256 float values: `Float(u8)·scale` rounded to float32, then `+ offset` rounded again.
    /// This is the rounding of MediaPipe 1.2.3's tensors (OpenCV `convertTo` to 32F: a float
    /// multiply, then a float add, not fused): checked bit-exact against MediaPipe's own inference
    /// of the pose and face detectors, whose ranges have a non-zero offset. (One multiply-add in
    /// double, rounded once, differs in the last bit for about 60 % of the [-1, 1] values.)
    public var lookupTable: [Float] {
        let bytes = (0...255).map(UInt8.init)
        return [Float](unsafeUninitializedCapacity: 256) { values, count in
            bytes.withUnsafeBufferPointer { map($0, into: values.baseAddress!) }
            count = 256
        }
    }

    /// Writes each of `bytes`' values, ``lookupTable``'s value for it, to `values` (which holds
    /// `bytes.count` floats): computed, not looked up, in as many lanes as the compiler gives the
    /// loop (the same two roundings in each).
    public func map(_ bytes: UnsafeBufferPointer<UInt8>, into values: UnsafeMutablePointer<Float>) {
        let s = scale, o = offset
        for i in bytes.indices {
            let product = Float(bytes[i]) * s
            values[i] = product + o
        }
    }
}

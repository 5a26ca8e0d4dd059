import TFLite

/// The value range of each model input: `[(0 − mean)/std, (255 − mean)/std]` from the model's
/// normalization metadata, or `[0, 1]` when the model has none.
enum InputRange {
    static func of(_ model: Model) -> [ClosedRange<Float>] {
        let inputCount = model.subgraphs.first?.inputs.count ?? 0
        return (0..<inputCount).map { index in
            guard let inputs = model.modelMetadata?.inputs, index < inputs.count,
                  let parameters = inputs[index].normalization?.parameters(forChannel: 0), parameters.std != 0
            else { return 0...1 }
            let low = (0 - parameters.mean) / parameters.std
            let high = (255 - parameters.mean) / parameters.std
            return min(low, high)...max(low, high)
        }
    }
}

/// SplitMix64, for fixed pseudo-random inputs that are the same on every run.
struct InputGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(in range: ClosedRange<Float>) -> Float {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        let unit = Double(z >> 40) / 16_777_216
        return Float(Double(range.lowerBound) + Double(range.upperBound - range.lowerBound) * unit)
    }
}

/// SplitMix64, the seeded generator behind the LiteRT goldens' inputs.
///
/// Must stay bit-for-bit identical to `splitmix64` in `scripts/golden/litert_models.py`; see
/// `Tests/Fixtures/litert/README.md` for the formula and test vectors.
public struct SplitMix64: Sendable {
    /// The generator's state; the first `next()` advances it before mixing.
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64-bit output.
    public mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next value in `[low, high)`: `Float(low + (high - low) * (Double(next() >> 40) / 2^24))`,
    /// computed in `Double` and rounded once to the nearest `Float`.
    public mutating func nextFloat(low: Double, high: Double) -> Float {
        let unit = Double(next() >> 40) / 16_777_216.0
        return Float(low + (high - low) * unit)
    }

    /// `count` consecutive values in `[low, high)` from a generator started at `seed`.
    public static func floats(seed: UInt64, count: Int, low: Double, high: Double) -> [Float] {
        var generator = SplitMix64(seed: seed)
        return (0..<max(count, 0)).map { _ in generator.nextFloat(low: low, high: high) }
    }
}

/// FNV-1a, 64 bit, over the little-endian bytes of `values`: the input fingerprint stored in the
/// LiteRT golden manifests.
public func fnv1a64(littleEndianBytesOf values: [Float]) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for value in values {
        var bits = value.bitPattern.littleEndian
        for _ in 0..<4 {
            hash = (hash ^ UInt64(bits & 0xFF)) &* 0x0000_0100_0000_01B3
            bits >>= 8
        }
    }
    return hash
}

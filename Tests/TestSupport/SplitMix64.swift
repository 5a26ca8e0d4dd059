/// SplitMix64 (Steele, Lea and Flood 2014): the deterministic generator of the tests and of the
/// LiteRT goldens (`Tests/Fixtures/litert/README.md` gives its test vectors).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in [0, 1) with 24 random bits, exactly as the golden recorder draws it.
    public mutating func nextUnit() -> Double { Double(next() >> 40) / 16_777_216.0 }

    /// A float in [low, high), computed in Double and rounded once (the goldens' input rule).
    public mutating func nextFloat(in low: Double, _ high: Double) -> Float {
        Float(low + (high - low) * nextUnit())
    }

    /// `count` floats in [low, high).
    public mutating func floats(_ count: Int, in low: Double, _ high: Double) -> [Float] {
        (0..<count).map { _ in nextFloat(in: low, high) }
    }

    /// An integer in `range` (modulo bias is irrelevant for test shapes).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

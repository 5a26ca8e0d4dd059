import VisionCore

/// `|a − b| ≤ tolerance`.
func isClose(_ a: Float, _ b: Float, _ tolerance: Float = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}

func isClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
}

/// A small deterministic generator (SplitMix64) for seeded property tests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

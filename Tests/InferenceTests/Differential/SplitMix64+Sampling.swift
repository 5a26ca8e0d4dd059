import TestSupport

/// Random test shapes and values from the shared SplitMix64 generator.
extension SplitMix64 {
    /// `count` floats in [low, high).
    mutating func floats(_ count: Int, in low: Double, _ high: Double) -> [Float] {
        (0..<count).map { _ in nextFloat(low: low, high: high) }
    }

    /// An integer in `range` (modulo bias is irrelevant for test shapes).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func pick<T>(_ options: [T]) -> T { options[int(in: 0...(options.count - 1))] }

    mutating func bool() -> Bool { next() & 1 == 1 }
}

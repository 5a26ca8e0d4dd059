import Inference
import TFLite
import Testing

/// Runs one node on the reference backend and returns its single output's shape and values.
func reference(
    _ op: BuiltinOperator, _ options: OperatorOptions = .none, _ inputs: [SingleNodeInput]
) throws -> (shape: [Int], values: [Float]) {
    let result = try runSingleNode(op: op, options: options, inputs: inputs)
    #expect(result.backend == "reference")
    return (result.shapes[0], result.values[0])
}

/// `a` and `b` agree element by element within `tolerance`.
func close(_ a: [Float], _ b: [Float], tolerance: Float = 1e-5) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance * max(1, abs($1)) }
}

/// `count` values counting up from `start` (1, 2, 3, ... by default).
func ramp(_ count: Int, from start: Float = 1) -> [Float] {
    (0..<count).map { start + Float($0) }
}

/// A small deterministic pseudo-random sequence in [-1, 1) (xorshift), for tests that compare two
/// paths rather than check hand-computed values.
func noise(_ count: Int, seed: UInt64 = 1) -> [Float] {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    return (0..<count).map { _ in
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Float(state >> 40) / Float(1 << 23) - 1
    }
}

import Imaging
import TestSupport
import Testing
import VisionCore

/// The masks' sigmoid kernel (`FloatImage(sigmoidOf:)`: four lanes of a polynomial `exp` in double,
/// the C library's `exp` near a float rounding boundary) gives VisionCore's `sigmoid` bit for bit
/// (docs/pipeline.md §6.6).
@Suite struct SigmoidKernelTests {
    static func mismatches(_ logits: [Float]) throws -> [Float] {
        let kernel = try FloatImage(sigmoidOf: logits, width: logits.count, height: 1)
        return zip(logits, kernel.values).filter { sigmoid($0).bitPattern != $1.bitPattern }.map(\.0)
    }

    @Test func randomLogitsMatchTheDefinition() throws {
        var random = SeededRandom(seed: 0x5167)
        // A segmentation head's range and beyond, where the kernel leaves the polynomial.
        let logits = (0..<400_000).map { index -> Float in
            index % 4 == 0 ? Float.random(in: -100...100, using: &random) : Float.random(in: -12...12, using: &random)
        }
        let wrong = try Self.mismatches(logits)
        #expect(wrong.isEmpty, "\(wrong.count) mismatches, e.g. \(wrong.prefix(5))")
    }

    @Test func everyFloatOfOneBinadeMatchesTheDefinition() throws {
        // All 2²³ floats in [1, 2) and their negatives: every rounding case the polynomial meets there.
        let logits = (0..<(1 << 23)).flatMap { bits -> [Float] in
            let x = Float(bitPattern: 0x3F80_0000 | UInt32(bits))
            return [x, -x]
        }
        let wrong = try Self.mismatches(logits)
        #expect(wrong.isEmpty, "\(wrong.count) mismatches, e.g. \(wrong.prefix(5))")
    }

    @Test func specialValuesMatchTheDefinition() throws {
        let logits: [Float] = [0, -0, 80, -80, 80.000_01, -80.000_01, 88, -88, 104, -104, 1e30, -1e30,
                               .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                               .ulpOfOne, 1e-20, 0.5, -0.5, 7]
        #expect(try Self.mismatches(logits).isEmpty)
        let nan = try FloatImage(sigmoidOf: [.nan, .nan, .nan, .nan, .nan], width: 5, height: 1)
        #expect(nan.values.allSatisfy { $0.isNaN })
    }

    @Test func rejectsAMismatchedSize() throws {
        #expect(throws: ImageError.self) { _ = try FloatImage(sigmoidOf: [1, 2, 3], width: 2, height: 2) }
    }
}

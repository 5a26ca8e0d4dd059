import Foundation
import Testing
import TestSupport

/// Checks that the committed LiteRT goldens are complete and that the Swift input generator
/// reproduces the recorded inputs bit for bit (the inputs are not stored).
@Suite("LiteRT golden fixtures")
struct LiteRTGoldenFixtureTests {
    @Test("SplitMix64 matches the published vector and the README's vectors")
    func splitMixVectors() {
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        var one = SplitMix64(seed: 1)
        #expect([one.next(), one.next(), one.next()] == [0x910A_2DEC_8902_5CC1, 0xBEEB_8DA1_658E_EC67, 0xF893_A2EE_FB32_555E])
        let floats = SplitMix64.floats(seed: 1, count: 4, low: -1, high: 1)
        #expect(floats.map(\.bitPattern) == [0x3E08_5168, 0x3EFB_AE34, 0x3F71_2744, 0xBDE3_E7A0])
    }

    @Test("Every manifest's inputs are regenerated exactly and every output file is complete",
          arguments: LiteRTGolden.stems)
    func manifest(stem: String) throws {
        let golden = try LiteRTGolden.load(stem)
        #expect(golden.litertVersion == "2.3.0")
        #expect(golden.modelSHA256.count == 64)
        #expect(!golden.seeds.isEmpty)
        for run in golden.seeds {
            let inputs = golden.inputs(for: run)
            for (input, values) in zip(run.inputs, inputs) {
                let bits = values.prefix(4).map { "0x" + String($0.bitPattern, radix: 16, uppercase: true).leftPadded(to: 8) }
                #expect(bits == input.firstValuesBits, "\(stem) seed \(run.seed) input \(input.index)")
                let hash = "0x" + String(fnv1a64(littleEndianBytesOf: values), radix: 16, uppercase: true).leftPadded(to: 16)
                #expect(hash == input.fnv1a64, "\(stem) seed \(run.seed) input \(input.index)")
            }
            #expect(run.outputs.count == golden.outputs.count)
            for output in run.outputs {
                let values = try golden.values(of: output)
                let shape = try #require(golden.shape(ofOutput: output.index))
                #expect(values.count == shape.reduce(1, *), "\(stem) \(output.file)")
                let maxAbs = values.reduce(Float(0)) { max($0, abs($1)) }
                #expect(Double(maxAbs) == output.maxAbs, "\(stem) \(output.file)")
            }
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

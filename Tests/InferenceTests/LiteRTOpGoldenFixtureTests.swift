import Foundation
import Testing
import TestSupport

/// Checks that the committed single-op LiteRT goldens are complete and that their inputs are
/// regenerated bit for bit.
@Suite("LiteRT single-op golden fixtures")
struct LiteRTOpGoldenFixtureTests {
    @Test("Every case has its model, reproducible inputs and complete outputs")
    func cases() throws {
        let goldens = try LiteRTOpGoldens.load()
        #expect(goldens.litertVersion == "2.3.0")
        #expect(goldens.cases.count >= 50)
        for testCase in goldens.cases {
            let model = try Data(contentsOf: testCase.modelURL)
            #expect(model.count > 8 && model[model.startIndex + 4..<model.startIndex + 8] == Data("TFL3".utf8),
                    "\(testCase.name): not a TFLite flatbuffer")
            let inputs = testCase.inputValues()
            #expect(inputs.count == testCase.inputs.count)
            for (input, values) in zip(testCase.inputs, inputs) {
                let bits = values.prefix(4).map { hex($0.bitPattern, width: 8) }
                #expect(bits == input.firstValuesBits, "\(testCase.name) input \(input.index)")
                #expect(hex(fnv1a64(littleEndianBytesOf: values), width: 16) == input.fnv1a64,
                        "\(testCase.name) input \(input.index)")
            }
            for output in testCase.outputs {
                let values = try testCase.values(of: output)
                #expect(values.count == output.shape.reduce(1, *), "\(testCase.name) \(output.file)")
                #expect(Double(values.reduce(Float(0)) { max($0, abs($1)) }) == output.maxAbs,
                        "\(testCase.name) \(output.file)")
            }
        }
    }
}

private func hex<T: BinaryInteger>(_ value: T, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, width - digits.count)) + digits
}

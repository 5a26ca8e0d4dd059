import Inference
import TFLite
import Testing
import TestSupport

/// Every one-op LiteRT golden (Tests/Fixtures/litert-ops: each op variant of the MediaPipe models on
/// small odd shapes, outputs from LiteRT's reference kernels) on every backend:
/// max |Δ| ≤ 1e-4 × max(1, max |LiteRT|).
@Suite("Single-op parity with LiteRT")
struct SingleOpParityTests {
    static let caseNames: [String] = (try? LiteRTOpGoldens.load().cases.map(\.name)) ?? []

    @Test func everyRecordedCaseIsListed() throws {
        #expect(Self.caseNames.count == (try LiteRTOpGoldens.load().cases.count))
        #expect(Self.caseNames.count >= 50)
    }

    @Test(arguments: caseNames, parityBackends)
    func backendMatchesLiteRT(name: String, backend: InterpreterOptions.Backend) throws {
        let golden = try #require(try LiteRTOpGoldens.load().cases.first { $0.name == name })
        let interpreter = try Interpreter(model: Model(contentsOf: golden.modelURL), options: InterpreterOptions(backend: backend))
        #expect(interpreter.outputs.map(\.shape) == golden.outputs.map(\.shape))
        for (index, values) in golden.inputValues().enumerated() {
            try interpreter.copyInput(values, at: index)
        }
        try interpreter.invoke()
        for output in golden.outputs {
            let expected = try golden.values(of: output)
            let difference = try #require(maxAbsoluteDifference(interpreter.output(at: output.index), expected))
            print("single-op \(backend) \(name) out \(output.index): max|Δ| / tolerance = \(difference / Float(output.tolerance))")
            #expect(difference <= Float(output.tolerance), "\(backend) \(name) output \(output.index): max |Δ| \(difference) > \(output.tolerance)")
        }
    }
}

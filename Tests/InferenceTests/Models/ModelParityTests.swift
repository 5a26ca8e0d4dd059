import Inference
import TFLite
import Testing
import TestSupport

/// The backends whose parity is checked: every backend of this build.
#if XNNPACK
let parityBackends: [InterpreterOptions.Backend] = [.reference, .builtIn, .xnnpack]
#else
let parityBackends: [InterpreterOptions.Backend] = [.reference, .builtIn]
#endif

/// Every model on every backend against the LiteRT goldens (Tests/Fixtures/litert), for every
/// recorded seed and output: max |Δ| ≤ 1e-4 × max(1, max |LiteRT|) (see ``ParityGate``).
@Suite("Backend parity with LiteRT")
struct ModelParityTests {
    @Test(arguments: LiteRTGolden.stems, parityBackends)
    func backendMatchesLiteRT(stem: String, backend: InterpreterOptions.Backend) throws {
        let golden = try LiteRTGolden.load(stem)
        let interpreter = try Interpreter(model: golden.loadModel(), options: InterpreterOptions(backend: backend))
        #expect(interpreter.outputs.map(\.shape) == golden.outputs.map(\.shape))
        for run in golden.seeds {
            for (index, values) in golden.inputs(for: run).enumerated() {
                try interpreter.copyInput(values, at: index)
            }
            try interpreter.invoke()
            for recorded in run.outputs {
                let expected = try golden.values(of: recorded)
                let actual = interpreter.output(at: recorded.index)
                let difference = try #require(maxAbsoluteDifference(actual, expected))
                let gate = ParityGate.gate(stem: stem, output: recorded.index, seed: run.seed)
                let scale = max(1, Float(recorded.maxAbs))
                let overFraction = Float(zip(actual, expected).filter { abs($0 - $1) > 1e-4 * scale }.count) / Float(max(expected.count, 1))
                print("parity \(backend) \(stem) seed \(run.seed) out \(recorded.index): max|Δ| = \(difference), relative \(difference / scale), over 1e-4: \(overFraction * 100) %")
                #expect(difference <= gate.maxRelative * scale,
                        "\(backend) \(stem) seed \(run.seed) output \(recorded.index): max |Δ| \(difference) > \(gate.maxRelative) × \(scale)")
                #expect(overFraction <= gate.maxFractionOver1e4,
                        "\(backend) \(stem) seed \(run.seed) output \(recorded.index): \(overFraction * 100) % of elements over 1e-4")
            }
        }
    }
}

/// The per-output gate. The LiteRT parity gate (docs/parity.md §4), max |Δ| ≤ 1e-4 × max(1, max |ref|), applies everywhere
/// except where Tests/Fixtures/litert/README.md shows that LiteRT's own CPU paths (XNNPACK vs
/// builtin kernels) disagree by more than that, all in `pose_landmark_full`:
/// - output 2 (segmentation logits, max ~1.5e3): LiteRT's paths differ by 2.2× and 9.2× the gate
///   on a small fraction of elements; here: ≤ 1e-2 relative, ≤ 1 % of elements over 1e-4.
/// - outputs 0 and 4 (landmarks) on seed 1, an input where the network sees no pose and its
///   regression head runs far outside its trained range: LiteRT's paths differ by 9.1× and 20.5×
///   the gate on 33 % and 88 % of elements; here: ≤ 1e-2 relative. On seed 2 the strict gate holds.
enum ParityGate {
    struct Gate { var maxRelative: Float; var maxFractionOver1e4: Float }

    static func gate(stem: String, output: Int, seed: UInt64) -> Gate {
        let strict = Gate(maxRelative: 1e-4, maxFractionOver1e4: 0)
        guard stem == "pose_landmark_full" else { return strict }
        switch (output, seed) {
        case (2, _): return Gate(maxRelative: 1e-2, maxFractionOver1e4: 0.01)
        case (0, 1), (4, 1): return Gate(maxRelative: 1e-2, maxFractionOver1e4: 1)
        default: return strict
        }
    }
}

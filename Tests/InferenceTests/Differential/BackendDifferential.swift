import Foundation
import Inference
import Testing
import TestSupport

/// One differential case: a graph, its input values, and the longest sum any output element is.
struct DifferentialCase: CustomStringConvertible {
    var description: String
    var graph: Graph
    var inputs: [[Float]]
    /// Terms summed per output element (e.g. KH·KW·Cin for a convolution, 1 for elementwise ops).
    var reductionLength: Int = 1
    /// Backend expected to run every node (else the test would compare the reference with itself).
    var expectedBackend: String? = "xnnpack"
}

/// A backend under test: a name (as in `kernelAssignments`) and a factory, since a backend
/// instance serves one interpreter.
struct CandidateBackend: Sendable {
    var label: String
    var backendName: String
    var make: @Sendable () -> any Backend
    var threadCount: Int = 1
}

/// Every backend the shared differential function checks against the reference: XNNPACK's
/// (the fast and Swift gap kernels have their own lists). None without the XNNPACK trait.
#if XNNPACK
let candidateBackends: [CandidateBackend] = [
    CandidateBackend(label: "xnnpack", backendName: "xnnpack", make: { XNNPACKBackend() }),
    CandidateBackend(label: "xnnpack-per-node", backendName: "xnnpack", make: { XNNPACKBackend(fusesNodes: false) }),
    CandidateBackend(label: "xnnpack-fused-pairs", backendName: "xnnpack", make: { XNNPACKBackend(fusesOnlyWhatXNNPACKFuses: true) }),
    // Threshold 0: even these small graphs run on the 2-thread pool.
    CandidateBackend(label: "xnnpack-2-threads", backendName: "xnnpack", make: { XNNPACKBackend(parallelWorkThreshold: 0) }, threadCount: 2),
]
#else
let candidateBackends: [CandidateBackend] = []
#endif

/// The Swift gap kernels (for operators XNNPACK lacks).
let swiftGapBackends: [CandidateBackend] = [
    CandidateBackend(label: "swift-gap", backendName: "swift-gap", make: { SwiftGapBackend() }),
]

/// The gate: max |Δ| ≤ 1e-5 × max(1, max |ref|) × sqrt(reduction length), per output tensor.
func differentialTolerance(referenceMaxAbs: Float, reductionLength: Int) -> Float {
    1e-5 * max(1, referenceMaxAbs) * Float(max(1, reductionLength)).squareRoot()
}

/// Runs `testCase` on the reference backend and on every candidate, and checks each output of
/// each candidate against the reference. Returns the worst |Δ| / tolerance seen.
@discardableResult
func expectCandidatesMatchReference(_ testCase: DifferentialCase, candidates: [CandidateBackend] = candidateBackends) throws -> Float {
    let reference = try Interpreter(graph: testCase.graph, backends: [], threadCount: 1)
    for (i, values) in testCase.inputs.enumerated() { try reference.copyInput(values, at: i) }
    try reference.invoke()
    let expected = testCase.graph.outputs.indices.map { reference.output(at: $0) }

    var worst: Float = 0
    for candidate in candidates {
        let interpreter = try Interpreter(graph: testCase.graph, backends: [candidate.make()], threadCount: candidate.threadCount)
        if let name = testCase.expectedBackend.map({ $0 == "xnnpack" ? candidate.backendName : $0 }) {
            let others = interpreter.kernelAssignments.filter { $0.backend != name }
            #expect(others.isEmpty, "\(candidate.label) \(testCase): nodes not on \(name): \(others)")
        }
        for (i, values) in testCase.inputs.enumerated() { try interpreter.copyInput(values, at: i) }
        try interpreter.invoke()
        for (o, reference) in expected.enumerated() {
            let actual = interpreter.output(at: o)
            try #require(actual.count == reference.count)
            let maxAbs = reference.reduce(Float(0)) { max($0, abs($1)) }
            let tolerance = differentialTolerance(referenceMaxAbs: maxAbs, reductionLength: testCase.reductionLength)
            var maxDelta: Float = 0
            var finite = true
            for (a, r) in zip(actual, reference) {
                if a.isNaN != r.isNaN { finite = false }
                if !a.isNaN && !r.isNaN { maxDelta = max(maxDelta, abs(a - r)) }
            }
            #expect(finite, "\(candidate.label) \(testCase): output \(o) NaN pattern differs")
            #expect(maxDelta <= tolerance, "\(candidate.label) \(testCase): output \(o) max |Δ| \(maxDelta) > \(tolerance)")
            worst = max(worst, maxDelta / tolerance)
        }
    }
    return worst
}

/// The largest |Δ| between the first outputs of `testCase` run on `a` and on `b` alone, one thread.
func maxDelta(_ testCase: DifferentialCase, between a: any Backend, and b: any Backend) throws -> Float {
    func run(_ backend: any Backend) throws -> [Float] {
        let interpreter = try Interpreter(graph: testCase.graph, backends: [backend], threadCount: 1)
        for (i, values) in testCase.inputs.enumerated() { try interpreter.copyInput(values, at: i) }
        try interpreter.invoke()
        return interpreter.output(at: 0)
    }
    return zip(try run(a), try run(b)).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
}

#if XNNPACK
/// Whether XNNPACK alone gives the bits a case's kernels must match: everywhere but where its
/// products (convolutions other than depthwise, fully connected layers) add their terms in another
/// order (``XNNPACKProductOrder``), where `.xnnpack` gives them to the fast kernels instead.
func xnnpackIsTheOracle(of testCase: DifferentialCase) -> Bool {
    XNNPACKProductOrder.isSequential || !testCase.graph.nodes.contains { $0.op == .conv2D || $0.op == .fullyConnected }
}
#endif

/// Runs many seeded cases and reports their count and worst error ratio on stderr.
func runDifferentialCases(
    _ name: String, count: Int, seed: UInt64, candidates: [CandidateBackend] = candidateBackends,
    make: (inout SplitMix64) throws -> DifferentialCase
) throws {
    var rng = SplitMix64(seed: seed)
    var worst: Float = 0
    for _ in 0..<count {
        let testCase = try make(&rng)
        worst = max(worst, try expectCandidatesMatchReference(testCase, candidates: candidates))
    }
    FileHandle.standardError.write(Data("differential \(name): \(count) cases × \(candidates.count) backends, worst |Δ|/tolerance \(worst)\n".utf8))
}

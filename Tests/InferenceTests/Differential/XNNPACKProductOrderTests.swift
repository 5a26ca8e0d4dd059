#if XNNPACK
import Foundation
import Inference
import TFLite
import Testing
import TestSupport

/// The probe of XNNPACK's product order answers what XNNPACK does with other layers, and the
/// `.xnnpack` backends give every processor the same bits.
@Suite struct XNNPACKProductOrderTests {
    /// Fully connected layers of random sizes and values, on XNNPACK alone and on the built-in
    /// kernels (which add the terms in order): bit for bit the same exactly where the probe says
    /// XNNPACK's products add in order. (On processors where XNNPACK's kernels add four terms in
    /// rotated order, three outputs in four differ.)
    @Test func probeAgreesWithXNNPACKOnOtherLayers() throws {
        var rng = SplitMix64(seed: 0x5EC0)
        var worst: Float = 0
        for _ in 0..<8 {
            let rows = rng.pick([1, 3, 5]), k = rng.pick([16, 64, 100]), n = rng.pick([16, 32, 64])
            var b = TestGraphBuilder()
            let x = b.input([rows, k])
            let weights = b.constant(rng.floats(n * k, in: -1, 1), [n, k])
            let bias = b.constant(rng.floats(n, in: -1, 1), [n])
            let y = try b.node(.fullyConnected, .fullyConnected(fusedActivation: .none, keepNumDims: false), [x, weights, bias])
            let testCase = DifferentialCase(description: "fully connected [\(rows), \(k)] → \(n)", graph: try b.graph(outputs: [y]),
                                            inputs: [rng.floats(rows * k, in: -1, 1)], reductionLength: k + 1)
            worst = max(worst, try maxDelta(testCase, between: FastBackend(builtIn: true), and: XNNPACKBackend()))
        }
        FileHandle.standardError.write(Data("XNNPACK's products in order: \(XNNPACKProductOrder.isSequential), built-in vs XNNPACK max |Δ| \(worst)\n".utf8))
        if FastBackend.isVectorized { #expect((worst == 0) == XNNPACKProductOrder.isSequential) }
    }

    /// Where the products are not in order, `.xnnpack` leaves none of them to XNNPACK.
    @Test func xnnpackRunsNoProductOutOfOrder() throws {
        let golden = try LiteRTGolden.load("hand_landmark_full")
        let interpreter = try Interpreter(model: golden.loadModel(), options: InterpreterOptions(backend: .xnnpack, threadCount: 1))
        let products = interpreter.kernelAssignments.filter { $0.op == "CONV_2D" || $0.op == "FULLY_CONNECTED" }
        #expect(!products.isEmpty)
        if !XNNPACKProductOrder.isSequential { #expect(products.allSatisfy { $0.backend == "fast" }) }
        if XNNPACKProductOrder.isSequential, FastBackend.isVectorized { #expect(products.contains { $0.backend == "xnnpack" }) }
    }
}
#endif

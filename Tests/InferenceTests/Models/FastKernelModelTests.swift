#if XNNPACK
import Inference
import TFLite
import Testing
import TestSupport

/// The `.xnnpack` backends (fast kernels, then XNNPACK with one runtime per node or fused pair,
/// then the Swift gap kernels) against XNNPACK alone with whole runs fused, on the real models: the fast
/// kernels take nodes on AVX-512 processors, PAD runs on the reference kernel, the weights they
/// pack are left out of the arena, and every output stays bit for bit the same, at 1 and 2 threads.
@Suite struct FastKernelModelTests {
    @Test(arguments: ["face_landmarks_detector", "pose_landmark_full", "face_detection_short_range"], [1, 2])
    func outputsMatchXNNPACKBitForBit(stem: String, threads: Int) throws {
        let golden = try LiteRTGolden.load(stem)
        let graph = try Graph(model: golden.loadModel())
        let withFastKernels = try Interpreter(model: golden.loadModel(), options: InterpreterOptions(backend: .xnnpack, threadCount: threads))
        // Where XNNPACK's products add their terms in another order, the fast kernels take them
        // all and the built-in backend gives the bits to match (``XNNPACKProductOrder``).
        let oracle = try XNNPACKProductOrder.isSequential
            ? Interpreter(graph: graph, backends: [XNNPACKBackend(), SwiftGapBackend()], threadCount: threads)
            : Interpreter(model: golden.loadModel(), options: InterpreterOptions(backend: .builtIn, threadCount: threads))
        let claimed = withFastKernels.kernelAssignments.filter { $0.backend == "fast" }.count
        if FastBackend.isVectorized {
            #expect(claimed > 0, "\(stem): no node ran on the fast kernels")
            // The weights the fast kernels pack are not also copied into the arena.
            #expect(!XNNPACKProductOrder.isSequential || withFastKernels.arenaConstantByteCount < oracle.arenaConstantByteCount,
                    "\(stem): \(withFastKernels.arenaConstantByteCount) bytes of constants against \(oracle.arenaConstantByteCount)")
        }
        let pads = withFastKernels.kernelAssignments.filter { $0.op == "PAD" }
        #expect(pads.allSatisfy { $0.backend == "reference" })
        // The short-range face detector pads channels before its residual additions: with the
        // fast kernels, each PAD and ADD joins the 1×1 convolution before the ADD.
        if stem == "face_detection_short_range" {
            let residuals = withFastKernels.kernelAssignments.filter { $0.op == "PAD" || $0.op == "ADD" }
            #expect(FastBackend.isVectorized ? residuals.isEmpty : pads.count >= 4)
        }
        let run = try #require(golden.seeds.first)
        for (index, values) in golden.inputs(for: run).enumerated() {
            try withFastKernels.copyInput(values, at: index)
            try oracle.copyInput(values, at: index)
        }
        try withFastKernels.invoke()
        try oracle.invoke()
        for o in graph.outputs.indices {
            let a = withFastKernels.output(at: o), b = oracle.output(at: o)
            let delta = zip(a, b).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
            print("fast kernels \(stem) \(threads) threads: \(claimed) nodes, output \(o) max |Δ| from XNNPACK \(delta)")
            #expect(delta == 0, "\(stem) output \(o): max |Δ| \(delta) from XNNPACK alone")
        }
    }

    /// The built-in backend (no XNNPACK) sums every convolution and fully connected layer in
    /// XNNPACK's order, and resizes and computes LOGISTIC with XNNPACK's arithmetic: on every model
    /// its outputs are the XNNPACK backend's, bit for bit. Its LOGISTIC follows XNNPACK's AVX2
    /// kernel; with AVX-512 XNNPACK uses another polynomial (scores within 1 ulp of 1).
    @Test(arguments: LiteRTGolden.stems)
    func builtInBackendGivesXNNPACKsBits(stem: String) throws {
        let golden = try LiteRTGolden.load(stem)
        let builtIn = try Interpreter(model: golden.loadModel(), options: InterpreterOptions(backend: .builtIn, threadCount: 1))
        let xnnpack = try Interpreter(model: golden.loadModel(), options: InterpreterOptions(backend: .xnnpack, threadCount: 1))
        let run = try #require(golden.seeds.first)
        for (index, values) in golden.inputs(for: run).enumerated() {
            try builtIn.copyInput(values, at: index)
            try xnnpack.copyInput(values, at: index)
        }
        try builtIn.invoke()
        try xnnpack.invoke()
        let onReference = Set(builtIn.kernelAssignments.filter { $0.backend == "reference" }.map(\.op))
        let hasLogistic = builtIn.kernelAssignments.contains { $0.op == "LOGISTIC" }
        for o in xnnpack.outputs.indices {
            let delta = zip(builtIn.output(at: o), xnnpack.output(at: o)).reduce(Float(0)) { max($0, abs($1.0 - $1.1)) }
            print("built-in vs XNNPACK \(stem) output \(o): max |Δ| \(delta); reference kernels for \(onReference.sorted())")
            let tolerance: Float = FastBackend.usesAVX512 && hasLogistic ? Float(1).ulp : 0
            #expect(delta <= tolerance, "\(stem) output \(o): max |Δ| \(delta)")
        }
    }
}
#endif

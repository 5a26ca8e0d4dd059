import Inference
import Testing
import TestSupport

/// ``InterpreterOptions/skippedOutputs``: the operators that only serve a skipped output are left
/// out, the kept outputs are unchanged, and the skipped one reads as zeros.
@Suite("Output pruning")
struct OutputPruningTests {
    @Test("pose landmarks without the segmentation output: fewer operators, same other outputs")
    func poseLandmarksWithoutSegmentation() throws {
        let golden = try LiteRTGolden.load("pose_landmark_full")
        let model = try golden.loadModel()
        let full = try Interpreter(model: model)
        let pruned = try Interpreter(model: model, options: InterpreterOptions(skippedOutputs: [2]))
        // The segmentation head: an upsampling and two residual blocks at 256×256, and the last conv.
        #expect(pruned.kernelAssignments.count <= full.kernelAssignments.count - 8)
        #expect(pruned.outputs.map(\.shape) == full.outputs.map(\.shape))

        let run = try #require(golden.seeds.first)
        for (index, values) in golden.inputs(for: run).enumerated() {
            try full.copyInput(values, at: index)
            try pruned.copyInput(values, at: index)
        }
        try full.invoke()
        try pruned.invoke()
        for index in [0, 1, 3, 4] {
            #expect(pruned.output(at: index) == full.output(at: index), "output \(index)")
        }
        #expect(full.output(at: 2).contains { $0 != 0 })
        #expect(pruned.output(at: 2).allSatisfy { $0 == 0 })
    }

    @Test("an output position out of range is a typed error")
    func outOfRange() throws {
        let model = try LiteRTGolden.load("pose_landmark_full").loadModel()
        #expect(throws: InferenceError.tensorIndexOutOfRange(index: 5, count: 5)) {
            try Interpreter(model: model, options: InterpreterOptions(skippedOutputs: [5]))
        }
    }
}

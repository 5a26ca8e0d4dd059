import Foundation
import Inference
import TFLite
import Testing
import TestSupport

/// Structurally valid but semantically broken models (shapes, wiring, operator codes, options and
/// types changed at random) must load with a typed error or load and run; never trap.
@Suite struct MutatedModelTests {
    @Test(arguments: ["face_detector", "face_blendshapes", "face_detection_full_range_sparse"])
    func mutatedModelsFailCleanlyOrRun(stem: String) throws {
        let original = try LiteRTGolden.load(stem).loadModel()
        var random = SplitMix64(seed: 0x5EED)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }
        var rejected = 0, ran = 0
        for _ in 0..<(Int(ProcessInfo.processInfo.environment["MUTATIONS"] ?? "") ?? 150) {
            var model = original
            var subgraph = model.subgraphs[0]
            let tensorCount = subgraph.tensors.count
            for _ in 0..<(1 + pick(2)) {
                switch pick(6) {
                case 0:
                    let t = pick(tensorCount)
                    if !subgraph.tensors[t].shape.isEmpty {
                        subgraph.tensors[t].shape[pick(subgraph.tensors[t].shape.count)] = pick(300) - 2
                    }
                case 1:
                    let o = pick(subgraph.operators.count)
                    if !subgraph.operators[o].inputs.isEmpty {
                        subgraph.operators[o].inputs[pick(subgraph.operators[o].inputs.count)] = pick(tensorCount + 1) - 1
                    }
                case 2:
                    subgraph.operators[pick(subgraph.operators.count)].opcodeIndex = pick(model.operatorCodes.count)
                case 3:
                    subgraph.operators[pick(subgraph.operators.count)].options = subgraph.operators[pick(subgraph.operators.count)].options
                case 4:
                    subgraph.tensors[pick(tensorCount)].type = [TensorType.float32, .float16, .int32, .int8][pick(4)]
                default:
                    subgraph.tensors[pick(tensorCount)].buffer = pick(model.buffers.count)
                }
            }
            model.subgraphs[0] = subgraph
            do {
                let interpreter = try Interpreter(model: model, options: .init(backend: .reference))
                for (i, input) in interpreter.inputs.enumerated() {
                    try interpreter.copyInput([Float](repeating: 0.5, count: input.elementCount), at: i)
                }
                try interpreter.invoke()
                ran += 1
            } catch is InferenceError {
                rejected += 1
            }
        }
        #expect(rejected + ran == (Int(ProcessInfo.processInfo.environment["MUTATIONS"] ?? "") ?? 150))
        #expect(rejected > 50)
    }
}

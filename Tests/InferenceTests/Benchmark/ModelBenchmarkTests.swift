import Benchmarks
import Inference
import TFLite
import Testing
import TestSupport

@Suite struct ModelBenchmarkTests {
    @Test func medianOfOddAndEvenCounts() {
        #expect(ModelBenchmark.Result(timesMilliseconds: [3, 1, 2]).medianMilliseconds == 2)
        #expect(ModelBenchmark.Result(timesMilliseconds: [4, 1, 3, 2]).medianMilliseconds == 2.5)
        #expect(ModelBenchmark.Result(timesMilliseconds: []).medianMilliseconds == 0)
    }

    @Test func timesEveryIterationOfARealModel() throws {
        let model = try TaskBundle(contentsOf: Assets.model("face_landmarker.task")).model(named: "face_detector.tflite")
        let result = try ModelBenchmark.run(model: model, options: InterpreterOptions(backend: .fastest, threadCount: 1), warmUp: 1, iterations: 5)
        #expect(result.timesMilliseconds.count == 5)
        #expect(result.timesMilliseconds.allSatisfy { $0 > 0 && $0 < 10_000 })
        #expect(result.medianMilliseconds > 0)
    }

    /// One multiply-add per weight per output value: a 3×3 convolution 8 → 16 channels on 10×12
    /// outputs, a 5×5 depthwise one on 16 channels, a 16 → 4 fully connected layer; the ADD counts 0.
    @Test func multiplyAddsOfConvolutionsAndFullyConnectedLayers() {
        func tensor(_ shape: [Int]) -> GraphTensor { GraphTensor(name: "t", shape: shape, type: .float32) }
        let tensors = [tensor([1, 12, 14, 8]), tensor([16, 3, 3, 8]), tensor([1, 10, 12, 16]),   // conv
                       tensor([1, 5, 5, 16]), tensor([1, 10, 12, 16]),                             // depthwise
                       tensor([4, 16]), tensor([120, 4]),                                          // fully connected
                       tensor([120, 4])]                                                           // add
        let nodes = [Node(index: 0, op: .conv2D, options: .none, inputs: [0, 1], outputs: [2]),
                     Node(index: 1, op: .depthwiseConv2D, options: .none, inputs: [2, 3], outputs: [4]),
                     Node(index: 2, op: .fullyConnected, options: .none, inputs: [4, 5], outputs: [6]),
                     Node(index: 3, op: .add, options: .none, inputs: [6, 6], outputs: [7])]
        let graph = Graph(tensors: tensors, nodes: nodes, inputs: [0], outputs: [7])
        #expect(MultiplyAdds.count(in: graph) == 10 * 12 * 16 * (3 * 3 * 8) + 10 * 12 * 16 * 25 + 120 * 4 * 16)
    }
}

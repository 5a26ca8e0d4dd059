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
}

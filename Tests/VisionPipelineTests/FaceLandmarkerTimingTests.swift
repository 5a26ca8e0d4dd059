import Dispatch
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// Prints per-image timings (no assertion on speed; the machine is shared). Run with
/// `--filter FaceLandmarkerTimingTests` to read the numbers.
@Suite(.serialized) struct FaceLandmarkerTimingTests {
    static func milliseconds(repeats: Int, _ body: () throws -> Void) rethrows -> Double {
        try body()  // warm-up
        var best = Double.infinity
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return best
    }

    @Test func timings() throws {
        let bundle = FaceLandmarkerImageParityTests.bundle
        let astronaut = PipelineImage(try ImageDecoder.decode(contentsOfFile: Assets.image("astronaut.png").path).image)
        let t1 = PipelineImage(try ImageDecoder.decode(contentsOfFile: Assets.image("t1.jpg").path).image)
        let full = try FaceLandmarkerGraph(modelPath: bundle, options: .init(outputBlendshapes: true, outputTransformationMatrixes: true,
                                                                             engine: TestEngine.choice))
        var faces = 0
        let image = try Self.milliseconds(repeats: 20) { faces = try full.process(astronaut, timestampMilliseconds: 0).count }
        #expect(faces == 1)
        let video = try FaceLandmarkerGraph(modelPath: bundle, options: .init(outputBlendshapes: true, outputTransformationMatrixes: true,
                                                                              isStreaming: true, engine: TestEngine.choice))
        var timestamp = 0
        let tracked = try Self.milliseconds(repeats: 20) {
            timestamp += 33
            faces = try video.process(astronaut, timestampMilliseconds: timestamp).count
        }
        #expect(faces == 1)
        let plain = try FaceLandmarkerGraph(modelPath: bundle, options: .init(numFaces: 10, engine: TestEngine.choice))
        let small = try FaceLandmarkerGraph(modelPath: bundle, options: .init(numFaces: 10, detectsSmallFaces: true, engine: TestEngine.choice))
        let plainT1 = try Self.milliseconds(repeats: 3) { _ = try plain.process(t1, timestampMilliseconds: 0) }
        let smallT1 = try Self.milliseconds(repeats: 3) { faces = try small.process(t1, timestampMilliseconds: 0).count }
        print("timing (\(TestEngine.choice.backend), 1 thread, best of 20; t1 best of 3): astronaut image mode with blendshapes+matrix \(image) ms; video (tracked, detector skipped) \(tracked) ms; t1.jpg numFaces 10: default \(plainT1) ms (0 faces), detectsSmallFaces \(smallT1) ms (\(faces) faces)")
    }
}

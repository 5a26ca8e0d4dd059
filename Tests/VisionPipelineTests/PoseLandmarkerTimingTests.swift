import Dispatch
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// Prints pose graph timings (no assertion on speed; the machine is shared). Run with
/// `--filter PoseLandmarkerTimingTests` to read the numbers.
@Suite(.serialized) struct PoseLandmarkerTimingTests {
    @Test func timings() throws {
        let model = PoseImageParityTests.model
        let astronaut = PipelineImage(try ImageDecoder.decode(contentsOfFile: Assets.image("astronaut.png").path).image)
        let t1 = PipelineImage(try ImageDecoder.decode(contentsOfFile: Assets.image("t1.jpg").path).image)
        let image = try PoseLandmarkerGraph(modelPath: model, options: .init(outputSegmentationMasks: true, engine: TestEngine.choice))
        var poses = 0
        let imageMode = try FaceLandmarkerTimingTests.milliseconds(repeats: 20) {
            poses = try image.process(astronaut, timestampMilliseconds: 0).count
        }
        #expect(poses == 1)
        let video = try PoseLandmarkerGraph(modelPath: model, options: .init(isStreaming: true, engine: TestEngine.choice))
        var timestamp = 0
        let tracked = try FaceLandmarkerTimingTests.milliseconds(repeats: 20) {
            timestamp += 33
            poses = try video.process(astronaut, timestampMilliseconds: timestamp).count
        }
        #expect(poses == 1)
        let group = try PoseLandmarkerGraph(modelPath: model, options: .init(numPoses: 5, engine: TestEngine.choice))
        let groupTime = try FaceLandmarkerTimingTests.milliseconds(repeats: 3) {
            poses = try group.process(t1, timestampMilliseconds: 0).count
        }
        #expect(poses == 4)
        print("pose timing (\(TestEngine.choice.backend), 1 thread, best of 20; t1 best of 3): astronaut image mode with mask "
              + "\(imageMode) ms; video (tracked, detector skipped) \(tracked) ms; t1.jpg numPoses 5 (4 poses) \(groupTime) ms")
    }
}

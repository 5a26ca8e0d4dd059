import Imaging
import Testing
import TestSupport
import VisionCore
import VisionPipeline

/// Why pose parity cannot be bit-tight once ROIs come from results: the landmark model is chaotic
/// in its ROI. On frame 1 of the astronaut sequence (tracking ROI 2.4× the picture), moving the
/// ROI centre by 1e-6 (half a thousandth of a pixel) moves landmarks and visibilities by more than
/// the 1e-3 gates' share that small input differences can be allowed (see
/// ``PoseVideoParityTests`` for the residual difference to MediaPipe 1.2.3).
@Suite struct PoseSensitivityTests {
    @Test func landmarkModelIsChaoticInItsROI() throws {
        let sequence = try MediaPipeGoldens.poseLandmarkerVideo("pose_landmarker_video_astronaut.json")
        let images = try GoldenImageBuilder()
        let graph = try PoseLandmarkerGraph(modelPath: PoseImageParityTests.model, options: PoseLandmarkerGraphOptions(
            isStreaming: true, smoothing: .off, engine: TestEngine.choice))
        let first = try images.build(sequence.frames[0].image, name: "astronaut frame 0")
        let second = PipelineImage(try images.build(sequence.frames[1].image, name: "astronaut frame 1"))
        _ = try graph.process(PipelineImage(first), timestampMilliseconds: 0)
        let roi = try #require(graph.trackedROIs?.first)
        let base = try #require(try graph.pose(in: roi, of: second)).pose
        var shifted = roi
        shifted.xCenter += 1e-6
        let moved = try #require(try graph.pose(in: shifted, of: second)).pose
        var xy: Float = 0, visibility: Float = 0
        for (a, b) in zip(base.landmarks, moved.landmarks) {
            xy = max(xy, abs(a.x - b.x), abs(a.y - b.y))
            visibility = max(visibility, abs((a.visibility ?? 0) - (b.visibility ?? 0)))
        }
        print("pose sensitivity: ROI centre +1e-6 moves landmarks by \(xy), visibility by \(visibility)")
        #expect(roi.width > 2)
        #expect(xy > 1e-4 || visibility > 1e-3)
    }
}

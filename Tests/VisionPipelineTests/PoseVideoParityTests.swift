import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// PoseLandmarker VIDEO mode against MediaPipe 1.2.3: tracking from the auxiliary points,
/// association, the detector schedule and (with numPoses 1) MediaPipe's smoothing, frame by frame
/// with timestamps 0, 33, 66, … ms.
///
/// The pose count must match and every frame must meet the strict gates. The landmark model is
/// chaotic in its ROI (``PoseSensitivityTests``), and later frames run on ROIs that the previous
/// frame's landmarks made, so this holds only because every step is bit-identical to MediaPipe's:
/// the crop corners and pixel conversion (``PoseModelInputParityTests``), correctly rounded float
/// math, the tracking ROI from auxiliary points 33→34 (90°, ×1.25 square_long), no detector while
/// tracked, the visibility low-pass and the One-Euro filters with their timestamp quirks.
@Suite(.serialized) struct PoseVideoParityTests {
    /// 32 frames of the astronaut, numPoses 1: tracking and smoothing on.
    @Test func astronautSequenceMatchesMediaPipe() throws {
        let frames = try Self.run("pose_landmarker_video_astronaut.json")
        #expect(frames.count == 32)
        for (index, errors) in frames.enumerated() { errors.expectGate("astronaut frame \(index)") }
    }

    /// 12 frames of t1.jpg, numPoses 5: two or three poses, the detector runs every frame.
    @Test func groupSequenceMatchesMediaPipe() throws {
        let frames = try Self.run("pose_landmarker_video_t1.json")
        #expect(frames.count == 12)
        for (index, errors) in frames.enumerated() { errors.expectGate("t1 frame \(index)") }
    }

    /// Runs a sequence; the pose count must equal MediaPipe's on every frame.
    static func run(_ file: String) throws -> [PoseErrors] {
        let sequence = try MediaPipeGoldens.poseLandmarkerVideo(file)
        let images = try GoldenImageBuilder()
        let graph = try PoseLandmarkerGraph(modelPath: PoseImageParityTests.model, options: PoseLandmarkerGraphOptions(
            numPoses: sequence.numPoses, outputSegmentationMasks: true, isStreaming: true, engine: TestEngine.choice))
        var result: [PoseErrors] = []
        for (index, frame) in sequence.frames.enumerated() {
            let image = try images.build(frame.image, name: "\(file) frame \(index)")
            let poses = try graph.process(PipelineImage(image), timestampMilliseconds: frame.timestampMs)
            #expect(poses.count == frame.poses.count, "\(file) frame \(index): \(poses.count) poses, MediaPipe \(frame.poses.count)")
            var errors = PoseErrors()
            for (ours, theirs) in zip(poses, frame.poses) {
                errors.merge(try PoseErrors(ours: ours, golden: theirs))
                if let mask = ours.segmentationMask, let reference = theirs.segmentationMask {
                    errors.maskMean = max(errors.maskMean, abs(Self.mean(try mask.rendered()) - reference.mean))
                }
            }
            print("pose parity \(file) frame \(index) (\(frame.timestampMs) ms): \(poses.count) poses, \(errors)")
            result.append(errors)
        }
        return result
    }

    static func mean(_ mask: FloatImage) -> Float {
        Float(mask.values.reduce(0.0) { $0 + Double($1) } / Double(mask.values.count))
    }
}

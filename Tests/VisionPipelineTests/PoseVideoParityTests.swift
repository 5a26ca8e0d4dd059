import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// PoseLandmarker VIDEO mode against MediaPipe 1.2.3: tracking from the auxiliary points,
/// association, the detector schedule and (with numPoses 1) MediaPipe's smoothing, frame by frame
/// with timestamps 0, 33, 66, … ms.
///
/// The pose count must match on every frame and frame 0 must meet the strict gates. Later frames
/// run on ROIs that the previous frame's landmarks made. The detector's input and outputs, the
/// crops and the landmark model are bit-identical to MediaPipe's (``PoseModelInputParityTests``;
/// the astronaut turned 180° even comes out bit for bit end to end, ``PoseImageParityTests``),
/// yet unrotated frames still differ by ~3e-5 (frame 0), from a cause not pinned down. The
/// landmark model is chaotic in its ROI (``PoseSensitivityTests``): on the astronaut close-up
/// (ROI 2.4× the picture) that difference feeds back through the auxiliary points and the
/// sequences part (frame 1: 1.1e-3, then more). A Python replica of the loop with MediaPipe's own
/// inference (its ImageEmbedder) follows exactly the same numbers as this Swift code, frame by
/// frame, so the tracking steps (ROI from auxiliary points 33→34, 90°, ×1.25 square_long, no
/// detector while tracked, visibility low-pass, One-Euro filters and their timestamp quirks) are
/// the documented ones. On the group sequence the detector re-anchors the ROIs every frame and the
/// results stay near MediaPipe's.
@Suite(.serialized) struct PoseVideoParityTests {
    /// 32 frames of the astronaut, numPoses 1: tracking and smoothing on.
    @Test func astronautSequenceMatchesMediaPipe() throws {
        let frames = try Self.run("pose_landmarker_video_astronaut.json")
        #expect(frames.count == 32)
        frames[0].expectGate("astronaut frame 0")
        // The drifted frames, on landmarks MediaPipe sees as visible and inside the picture.
        let drift = frames.map(\.visibleXY).max() ?? .infinity
        print("pose video astronaut: worst visible-landmark drift \(drift)")
        #expect(drift < 0.25)
    }

    /// 12 frames of t1.jpg, numPoses 5: two or three poses, the detector runs every frame.
    @Test func groupSequenceMatchesMediaPipe() throws {
        let frames = try Self.run("pose_landmarker_video_t1.json")
        #expect(frames.count == 12)
        for (index, errors) in frames.enumerated() {
            if index == 0 || errors.passes || errors.withinSensitivityBound {
                errors.expectGate("t1 frame \(index)")
            } else {
                withKnownIssue("t1 frame \(index): the residual ~1e-4 ROI difference, amplified \(errors)") {
                    #expect(errors.passes)
                }
                #expect(errors.xy < 1e-2 && errors.scores < 5e-3 && errors.world < 5e-3, "t1 frame \(index): \(errors)")
            }
        }
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
                    errors.maskMean = max(errors.maskMean, abs(Self.mean(mask) - reference.mean))
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

import Foundation
import Imaging
import Locking
import Testing
import TestSupport
import VisionCore
import VisionPipeline

/// The pose graph's contract beyond parity: typed errors, every pixel format, orientations,
/// smoothing modes and reset.
@Suite(.serialized) struct PoseGraphBehaviourTests {
    static func graph(_ options: PoseLandmarkerGraphOptions = .init()) throws -> PoseLandmarkerGraph {
        var options = options
        options.engine = TestEngine.choice
        return try PoseLandmarkerGraph(modelPath: PoseImageParityTests.model, options: options)
    }

    static func astronaut() throws -> Image {
        try GoldenImageBuilder().image(named: "astronaut.png")
    }

    /// Max and mean x/y difference over the landmarks visible in `reference`, after mapping ours
    /// with `map` (e.g. un-mirroring).
    static func visibleDifference(_ ours: [PipelineLandmark], _ reference: [PipelineLandmark],
                                  map: (PipelineLandmark) -> PipelineLandmark) -> (max: Float, mean: Float) {
        var worst: Float = 0, sum: Float = 0, count: Float = 0
        for (a, b) in zip(ours.map(map), reference) where (b.visibility ?? 0) > 0.5 {
            let d = max(abs(a.x - b.x), abs(a.y - b.y))
            worst = max(worst, d)
            sum += d
            count += 1
        }
        return (worst, count > 0 ? sum / count : .infinity)
    }

    // MARK: Errors

    @Test func badOptionsAreRejected() {
        for options in [PoseLandmarkerGraphOptions(numPoses: 0), PoseLandmarkerGraphOptions(minPoseDetectionConfidence: 1.5),
                        PoseLandmarkerGraphOptions(minPosePresenceConfidence: -0.1),
                        PoseLandmarkerGraphOptions(minTrackingConfidence: .nan),
                        PoseLandmarkerGraphOptions(smoothingParameters: .init(visibilityAlpha: 2)),
                        PoseLandmarkerGraphOptions(smoothingParameters: .init(
                            landmarks: LandmarksSmoothingParameters(minCutoff: 0, beta: 1, derivateCutoff: 1)))] {
            #expect {
                _ = try PoseLandmarkerGraph(modelPath: PoseImageParityTests.model, options: options)
            } throws: { error in
                guard case PipelineError.invalidArgument = error else { return false }
                return true
            }
        }
    }

    @Test func badModelsAreNamed() throws {
        #expect {
            _ = try PoseLandmarkerGraph(modelPath: "/nonexistent/pose.task", options: .init())
        } throws: { error in
            guard case PipelineError.modelNotFound = error else { return false }
            return true
        }
        // The face bundle lacks both pose members; the message names them.
        #expect {
            _ = try PoseLandmarkerGraph(modelPath: Assets.model("face_landmarker.task").path, options: .init())
        } throws: { error in
            guard case PipelineError.invalidModel(_, let detail) = error else { return false }
            return detail.contains("pose_detector.tflite") && detail.contains("pose_landmarks_detector.tflite")
        }
        // A bare .tflite is not a bundle.
        #expect {
            _ = try PoseLandmarkerGraph(modelPath: Assets.model("pose_detection.tflite").path, options: .init())
        } throws: { error in
            guard case PipelineError.invalidModel = error else { return false }
            return true
        }
        // Truncated bundle bytes.
        let bytes = try Data(contentsOf: Assets.model("pose_landmarker_full.task"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("truncated-pose-\(getpid()).task").path
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            _ = try PoseLandmarkerGraph(modelPath: path, options: .init())
        } throws: { error in
            guard case PipelineError.invalidModel = error else { return false }
            return true
        }
    }

    // MARK: Inputs

    /// RGBA and BGRA give exactly the RGB result (the crop reads RGB); gray and the YUV formats
    /// find the pose near it.
    @Test func everyPixelFormatWorks() throws {
        let rgb = try Self.astronaut()
        let graph = try Self.graph()
        let reference = try #require(try graph.process(PipelineImage(rgb), timestampMilliseconds: 0).first)
        for format in PixelFormat.allCases where format != .rgb8 {
            let image = try rgb.converted(to: format)
            let poses = try graph.process(PipelineImage(image), timestampMilliseconds: 0)
            try #require(poses.count == 1, "\(format)")
            let (worst, mean) = Self.visibleDifference(poses[0].landmarks, reference.landmarks) { $0 }
            print("pose pixel format \(format): visible landmarks within \(worst) (mean \(mean)) of RGB")
            if format == .rgba8 || format == .bgra8 {
                #expect(poses[0].landmarks == reference.landmarks, "\(format)")
            } else {
                #expect(worst < 0.08 && mean < 0.02, "\(format)")
            }
        }
    }

    /// A mirrored input (front camera): the crop is mirrored back, so the subject's left
    /// shoulder is still landmark 11; results are in the stored pixels (x mirrored).
    @Test func mirroredInputKeepsTheSubjectsSides() throws {
        let upright = try Self.astronaut()
        let graph = try Self.graph(PoseLandmarkerGraphOptions(outputSegmentationMasks: true))
        let reference = try #require(try graph.process(PipelineImage(upright), timestampMilliseconds: 0).first)
        let stored = try upright.oriented(.upMirrored)
        let pose = try #require(try graph.process(PipelineImage(stored, orientation: .upMirrored), timestampMilliseconds: 0).first)
        // The mirrored crop samples a grid shifted by a pixel against the upright one, and the
        // model is sensitive to that: compare loosely.
        let (worst, mean) = Self.visibleDifference(pose.landmarks, reference.landmarks) {
            PipelineLandmark(x: 1 - $0.x, y: $0.y, z: $0.z, visibility: $0.visibility, presence: $0.presence)
        }
        print("pose mirrored: visible landmarks within \(worst) (mean \(mean)) of the upright result")
        #expect(worst < 0.08 && mean < 0.02)
        #expect((pose.landmarks[11].x > pose.landmarks[12].x) == (reference.landmarks[11].x < reference.landmarks[12].x))
        let mask = try #require(pose.segmentationMask)
        #expect(mask.width == stored.width && mask.height == stored.height)
    }

    /// A mask's probabilities are taken when it is first read (docs/pipeline.md §6.6): readers on
    /// four threads at once, asking for its reach and its pixels, all get what one reader of the
    /// same picture's mask gets.
    @Test func maskReadFromSeveralThreadsAtOnceIsTheSame() throws {
        let graph = try Self.graph(PoseLandmarkerGraphOptions(outputSegmentationMasks: true))
        let picture = PipelineImage(try Self.astronaut())
        let alone = try #require(try graph.process(picture, timestampMilliseconds: 0).first?.segmentationMask)
        let expected = try alone.rendered()
        let expectedReach = try #require(alone.reach())
        let shared = try #require(try graph.process(picture, timestampMilliseconds: 1).first?.segmentationMask)
        let results = Locked([(FloatImage?, PixelRanges?)](repeating: (nil, nil), count: 4))
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            let reach = index % 2 == 0 ? shared.reach() : nil
            let rendered = try? shared.rendered()
            results.withLock { $0[index] = (rendered, reach) }
        }
        for (index, (rendered, reach)) in results.withLock({ $0 }).enumerated() {
            let same = rendered == expected  // compared outside #expect, which would print both images
            #expect(same, "reader \(index)")
            if index % 2 == 0 { #expect(reach?.xs == expectedReach.xs && reach?.ys == expectedReach.ys, "reader \(index)") }
        }
        #expect(expected.values.contains { $0 > 0.5 })
    }

    /// With `.undone`, a picture stored turned by 90° (orientation `.left`) gives the upright
    /// pose mapped into the stored pixels; MediaPipe's quirk looks in the wrong place.
    @Test func undoneRotationFindsRotatedPeople() throws {
        let upright = try Self.astronaut()
        let reference = try #require(try Self.graph().process(PipelineImage(upright), timestampMilliseconds: 0).first)
        // Stored pixels that need a 270° clockwise turn (orientation .left) to be upright.
        let stored = try upright.oriented(.right)
        let quirk = try Self.graph().process(PipelineImage(stored, orientation: .left), timestampMilliseconds: 0)
        let fixed = try Self.graph(PoseLandmarkerGraphOptions(detectorRotation: .undone))
            .process(PipelineImage(stored, orientation: .left), timestampMilliseconds: 0)
        print("pose rotation 270°: MediaPipe's quirk \(quirk.count) poses, undone \(fixed.count)")
        let pose = try #require(fixed.first)
        // Stored (x, y) shows upright (y, 1 − x).
        let (worst, mean) = Self.visibleDifference(pose.landmarks, reference.landmarks) {
            PipelineLandmark(x: $0.y, y: 1 - $0.x, z: $0.z, visibility: $0.visibility, presence: $0.presence)
        }
        print("pose rotation 270° undone: visible landmarks within \(worst) (mean \(mean)) of the upright result")
        #expect(worst < 0.08 && mean < 0.02)
        // MediaPipe's quirk uses the upright picture's detections as stored coordinates: whatever
        // it finds is elsewhere.
        if let wrong = quirk.first {
            let (_, quirkMean) = Self.visibleDifference(wrong.landmarks, reference.landmarks) {
                PipelineLandmark(x: $0.y, y: 1 - $0.x, z: $0.z, visibility: $0.visibility, presence: $0.presence)
            }
            print("pose rotation 270° with MediaPipe's quirk: mean difference \(quirkMean)")
            #expect(quirkMean > 0.05)
        }
    }

    // MARK: Streaming

    /// `.allTracked` with one pose smooths like MediaPipe; `.off` does not smooth; `reset()`
    /// starts a new video (the first frame comes out as from a fresh graph).
    @Test func smoothingModesAndReset() throws {
        let sequence = try MediaPipeGoldens.poseLandmarkerVideo("pose_landmarker_video_astronaut.json")
        let images = try GoldenImageBuilder()
        let frames = try sequence.frames.prefix(4).enumerated().map { index, frame in
            (PipelineImage(try images.build(frame.image, name: "astronaut frame \(index)")), frame.timestampMs)
        }
        func run(_ smoothing: LandmarkSmoothing, numPoses: Int = 1) throws -> (PoseLandmarkerGraph, [[PipelinePose]]) {
            let graph = try Self.graph(PoseLandmarkerGraphOptions(numPoses: numPoses, isStreaming: true, smoothing: smoothing))
            return (graph, try frames.map { try graph.process($0.0, timestampMilliseconds: $0.1) })
        }
        let (mediaPipeGraph, mediaPipe) = try run(.mediaPipe)
        let (_, allTracked) = try run(.allTracked)
        let (_, off) = try run(.off)
        let (_, unsmoothedMulti) = try run(.mediaPipe, numPoses: 2)
        let (_, smoothedMulti) = try run(.allTracked, numPoses: 2)
        let (_, offMulti) = try run(.off, numPoses: 2)
        for k in 0..<frames.count {
            #expect(mediaPipe[k].first?.landmarks == allTracked[k].first?.landmarks, "frame \(k)")
        }
        #expect(mediaPipe[0].first?.landmarks == off[0].first?.landmarks)
        #expect(mediaPipe[3].first?.landmarks != off[3].first?.landmarks)
        // numPoses 2: MediaPipe does not smooth, .allTracked does.
        #expect(unsmoothedMulti[3].first?.landmarks == offMulti[3].first?.landmarks)
        #expect(smoothedMulti[3].first?.landmarks != offMulti[3].first?.landmarks)

        mediaPipeGraph.reset()
        #expect(mediaPipeGraph.trackedROIs == nil)
        let again = try mediaPipeGraph.process(frames[0].0, timestampMilliseconds: frames[0].1)
        #expect(again.first?.landmarks == mediaPipe[0].first?.landmarks)
    }

    /// Streaming with an overflowing timestamp is a typed error, not a trap.
    @Test func hugeTimestampIsAnError() throws {
        let graph = try Self.graph(PoseLandmarkerGraphOptions(isStreaming: true))
        #expect {
            _ = try graph.process(PipelineImage(try Self.astronaut()), timestampMilliseconds: Int.max)
        } throws: { error in
            guard case PipelineError.invalidArgument = error else { return false }
            return true
        }
    }
}

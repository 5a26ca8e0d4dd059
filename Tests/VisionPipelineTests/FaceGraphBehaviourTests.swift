import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// Options, errors, orientation handling, reset and per-face smoothing of the face graphs.
@Suite(.serialized) struct FaceGraphBehaviourTests {
    static let bundle = FaceLandmarkerImageParityTests.bundle

    @Test func badOptionsAndModelsThrowTypedErrors() throws {
        #expect(throws: PipelineError.self) { try FaceLandmarkerGraph(modelPath: Self.bundle, options: .init(numFaces: 0)) }
        #expect(throws: PipelineError.self) {
            try FaceLandmarkerGraph(modelPath: Self.bundle, options: .init(minFacePresenceConfidence: 1.5))
        }
        #expect(throws: PipelineError.self) {
            try FaceDetectorGraph(modelPath: Self.bundle, options: .init(minSuppressionThreshold: -0.1))
        }
        #expect(throws: PipelineError.self) { try FaceDetectorGraph(modelPath: Self.bundle, options: .init(maxResults: 0)) }
        do {
            _ = try FaceLandmarkerGraph(modelPath: "/nonexistent/face_landmarker.task", options: .init())
            Issue.record("a missing file must throw")
        } catch {
            guard case .modelNotFound(let path) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == "/nonexistent/face_landmarker.task")
        }
        // The pose bundle has none of the face members: the error names them.
        do {
            _ = try FaceLandmarkerGraph(modelPath: Assets.model("pose_landmarker_full.task").path, options: .init())
            Issue.record("a pose bundle must be rejected")
        } catch {
            guard case .invalidModel(_, let detail) = error else { Issue.record("wrong error \(error)"); return }
            #expect(detail.contains("face_landmarks_detector.tflite") && detail.contains("face_detector.tflite"))
        }
        // A pose detector is not a face detector.
        #expect(throws: PipelineError.self) {
            try FaceDetectorGraph(modelPath: Assets.model("pose_detection.tflite").path, options: .init())
        }
        // Garbage bytes.
        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("facegraph-garbage-\(getpid()).task")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }).write(to: garbage)
        defer { try? FileManager.default.removeItem(at: garbage) }
        #expect(throws: PipelineError.self) { try FaceLandmarkerGraph(modelPath: garbage.path, options: .init()) }
        // A minimum face size under 8 px (the tiles would multiply without bound).
        #expect(throws: PipelineError.self) {
            try FaceLandmarkerGraph(modelPath: Self.bundle, options: .init(detectsSmallFaces: true, minFaceSize: 0))
        }
        #expect(throws: PipelineError.self) {
            try FaceDetectorGraph(modelPath: Self.bundle, options: .init(detectsSmallFaces: true, minFaceSize: -3))
        }
        #expect(throws: PipelineError.self) {
            try FaceLandmarkerGraph(modelPath: Self.bundle, options: .init(detectsSmallFaces: true, minFaceSize: 7))
        }
        #expect(try FaceDetectorGraph(modelPath: Self.bundle, options: .init(detectsSmallFaces: true, minFaceSize: 8)).options.minFaceSize == 8)
    }

    /// A mirrored input gives exactly the mirror image of the un-mirrored result (x → 1 − x).
    @Test func mirroredOrientationsMirrorTheResults() throws {
        let images = try GoldenImageBuilder()
        let astronaut = try images.image(named: "astronaut.png")
        let graph = try FaceLandmarkerGraph(modelPath: Self.bundle, options: .init(engine: TestEngine.choice))
        let detector = try FaceDetectorGraph(modelPath: Self.bundle, options: .init(engine: TestEngine.choice))
        // upMirrored: the stored pixels are the mirror of the picture.
        let mirrored = try astronaut.oriented(.upMirrored)
        let reference = try graph.process(PipelineImage(astronaut), timestampMilliseconds: 0)
        let result = try graph.process(PipelineImage(mirrored, orientation: .upMirrored), timestampMilliseconds: 0)
        try #require(reference.count == 1 && result.count == 1)
        for (a, b) in zip(result[0].landmarks, reference[0].landmarks) {
            #expect(a.x == 1 - b.x && a.y == b.y && a.z == b.z)
        }
        let box = try #require(try detector.detect(PipelineImage(mirrored, orientation: .upMirrored)).first)
        let referenceBox = try #require(try detector.detect(PipelineImage(astronaut)).first)
        #expect(abs(box.boundingBox.x - (512 - referenceBox.boundingBox.x - referenceBox.boundingBox.width)) <= 1)
        #expect(box.keypoints[0].x == 1 - referenceBox.keypoints[0].x)
        // rightMirrored: mirror of a `.right` image.
        let right = try astronaut.oriented(.left)  // stored so that a 90° clockwise turn makes it upright
        let rightFaces = try graph.process(PipelineImage(right, orientation: .right), timestampMilliseconds: 0)
        let rightMirrored = try graph.process(PipelineImage(try right.oriented(.upMirrored), orientation: .rightMirrored),
                                              timestampMilliseconds: 0)
        try #require(rightFaces.count == 1 && rightMirrored.count == 1)
        for (a, b) in zip(rightMirrored[0].landmarks, rightFaces[0].landmarks) { #expect(a.x == 1 - b.x && a.y == b.y) }
    }

    /// `.mediaPipe` smoothing is off with two faces; `.allTracked` smooths both; `reset()` starts over.
    @Test func allTrackedSmoothsEveryFaceAndResetStartsOver() throws {
        let goldens = try MediaPipeGoldens.faceLandmarkerVideo("face_landmarker_video_two_faces.json")
        let images = try GoldenImageBuilder()
        func graph(_ smoothing: LandmarkSmoothing) throws -> FaceLandmarkerGraph {
            try FaceLandmarkerGraph(modelPath: Self.bundle, options: .init(numFaces: 2, isStreaming: true, smoothing: smoothing,
                                                                           engine: TestEngine.choice))
        }
        let off = try graph(.off), mediaPipe = try graph(.mediaPipe), all = try graph(.allTracked)
        var smoothedDifference: [Float] = [0, 0]
        var firstFrame: [PipelineFace] = []
        for (k, frame) in goldens.frames.prefix(6).enumerated() {
            let image = PipelineImage(try images.build(frame.image, name: "frame \(k)"))
            let raw = try off.process(image, timestampMilliseconds: frame.timestampMs)
            let same = try mediaPipe.process(image, timestampMilliseconds: frame.timestampMs)
            let smoothed = try all.process(image, timestampMilliseconds: frame.timestampMs)
            try #require(raw.count == 2 && same.count == 2 && smoothed.count == 2)
            if k == 0 { firstFrame = smoothed }
            for i in 0..<2 {
                #expect(raw[i].landmarks == same[i].landmarks)
                for (a, b) in zip(smoothed[i].landmarks, raw[i].landmarks) {
                    smoothedDifference[i] = max(smoothedDifference[i], abs(a.x - b.x))
                }
            }
        }
        #expect(smoothedDifference.allSatisfy { $0 > 1e-5 }, "both faces smoothed: \(smoothedDifference)")
        all.reset()
        let again = try all.process(PipelineImage(try images.build(goldens.frames[0].image, name: "frame 0")), timestampMilliseconds: 0)
        #expect(again.map(\.landmarks) == firstFrame.map(\.landmarks))
    }
}

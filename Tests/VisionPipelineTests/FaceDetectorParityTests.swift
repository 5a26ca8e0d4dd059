import Inference
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// FaceDetector IMAGE mode against MediaPipe 1.2.3 (face_detector_image.json), short- and
/// full-range models: same count, boxes within 1 px, keypoints and scores within 1e-4.
@Suite(.serialized) struct FaceDetectorParityTests {
    @Test(arguments: ["face_detection_short_range", "face_detection_full_range_sparse"])
    func everyCaseMatchesMediaPipe(modelName: String) throws {
        let goldens = try MediaPipeGoldens.faceDetectorImage()
        let model = try #require(goldens.models.first { $0.name == modelName })
        let images = try GoldenImageBuilder()
        let graph = try FaceDetectorGraph(modelPath: Assets.repositoryRoot.appendingPathComponent(model.model).path,
                                          options: FaceDetectorGraphOptions(
                                            minDetectionConfidence: goldens.options.minDetectionConfidence,
                                            minSuppressionThreshold: goldens.options.minSuppressionThreshold,
                                            engine: TestEngine.choice))
        var worstBox = 0, worstKeypoint: Float = 0, worstScore: Float = 0, checked = 0
        for testCase in model.cases where testCase.error == nil {
            let expected = try #require(testCase.detections)
            let image = try images.image(named: testCase.image)
            let found = try graph.detect(PipelineImage(image, orientation: FaceLandmarkerImageParityTests.orientation(
                degrees: testCase.rotationDegrees)))
            #expect(found.count == expected.count, "\(modelName) \(testCase.id): \(found.count) vs \(expected.count)")
            var box = 0, keypoint: Float = 0, score: Float = 0
            for (ours, golden) in zip(found, expected) {
                let b = ours.boundingBox
                for (a, r) in zip([b.x, b.y, b.width, b.height], golden.boundingBox) { box = max(box, abs(a - r)) }
                score = max(score, abs(ours.score - golden.score))
                for (p, q) in zip(ours.keypoints, golden.keypoints) {
                    keypoint = max(keypoint, abs(p.x - q[0]), abs(p.y - q[1]))
                }
            }
            print("face detector parity \(modelName) \(testCase.id): \(found.count)/\(expected.count), box \(box) px, keypoints \(keypoint.formatted6), score \(score.formatted6)")
            #expect(box <= 1 && keypoint <= 1e-4 && score <= 1e-4, "\(modelName) \(testCase.id)")
            worstBox = max(worstBox, box); worstKeypoint = max(worstKeypoint, keypoint); worstScore = max(worstScore, score)
            checked += 1
        }
        print("face detector parity \(modelName) worst: box \(worstBox) px, keypoints \(worstKeypoint.formatted6), score \(worstScore.formatted6)")
        #expect(checked >= 20)
    }

    /// The detector inside face_landmarker.task gives the short-range results (MediaPipe noted it).
    @Test func bundledDetectorFindsTheAstronaut() throws {
        let graph = try FaceDetectorGraph(modelPath: FaceLandmarkerImageParityTests.bundle,
                                          options: FaceDetectorGraphOptions(engine: TestEngine.choice))
        let found = try graph.detect(PipelineImage(GoldenImageBuilder().image(named: "astronaut.png")))
        #expect(found.map(\.boundingBox) == [PixelBox(x: 177, y: 82, width: 95, height: 95)])
    }
}

import Testing
import TestSupport
import VisionCore
import VisionPipeline

/// One tracking step against MediaPipe 1.2.3, without the feedback loop: the ROI of frame t is
/// computed from MediaPipe's own landmarks of frame t − 1, and our landmarks in that ROI must be
/// MediaPipe's landmarks of frame t. The two-face sequence is used because MediaPipe does not
/// smooth it (numFaces 2), so its outputs are the landmarks the loop-back ROI is made from.
@Suite(.serialized) struct FaceTrackingStepParityTests {
    @Test func loopBackStepMatchesMediaPipe() throws {
        let goldens = try MediaPipeGoldens.faceLandmarkerVideo("face_landmarker_video_two_faces.json")
        let images = try GoldenImageBuilder()
        let graph = try FaceLandmarkerGraph(modelPath: FaceLandmarkerImageParityTests.bundle, options: .init(
            numFaces: goldens.numFaces, engine: TestEngine.choice))
        var worst: Float = 0
        for k in 1..<goldens.frames.count {
            let frame = goldens.frames[k]
            let image = try images.build(frame.image, name: "two faces frame \(k)")
            var line: [String] = []
            for (previous, expected) in zip(goldens.frames[k - 1].faces, frame.faces) {
                let points = previous.landmarks.map { LandmarkPoint(x: $0.x, y: $0.y, z: $0.z) }
                let rect = try #require(LandmarksROI.face(points, imageWidth: image.width, imageHeight: image.height))
                let ours = try #require(try graph.landmarks(PipelineImage(image), rect: rect))
                var error: Float = 0
                for (a, b) in zip(ours, expected.landmarks) { error = max(error, abs(a.x - b.x), abs(a.y - b.y)) }
                line.append("\(error.formatted6) rect \(rect.xCenter) \(rect.yCenter) \(rect.width) \(rect.height) \(rect.rotation)")
                worst = max(worst, error)
            }
            print("tracking step \(k): \(line.joined(separator: " | "))")
        }
        print("tracking step worst xy \(worst.formatted6)")
        #expect(worst <= 1e-4)
    }
}

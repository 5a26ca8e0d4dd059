import Testing
import TestSupport
import VisionPipeline

/// VIDEO mode against MediaPipe 1.2.3 (face_landmarker_video_*.json, 30–36 frames each): tracking,
/// detector skipping, association and One-Euro smoothing, frame by frame within the gates.
@Suite(.serialized) struct FaceLandmarkerVideoParityTests {
    /// Runs a sequence and returns the per-frame errors (nil: face count differs).
    static func run(_ file: String, smoothing: LandmarkSmoothing = .mediaPipe) throws -> [FaceErrors?] {
        let goldens = try MediaPipeGoldens.faceLandmarkerVideo(file)
        let images = try GoldenImageBuilder()
        let graph = try FaceLandmarkerGraph(modelPath: FaceLandmarkerImageParityTests.bundle, options: .init(
            numFaces: goldens.numFaces, minFaceDetectionConfidence: goldens.options.minFaceDetectionConfidence,
            minFacePresenceConfidence: goldens.options.minFacePresenceConfidence,
            minTrackingConfidence: goldens.options.minTrackingConfidence,
            outputBlendshapes: goldens.options.outputFaceBlendshapes,
            outputTransformationMatrixes: goldens.options.outputFacialTransformationMatrixes,
            isStreaming: true, smoothing: smoothing, engine: TestEngine.choice))
        var result: [FaceErrors?] = []
        for (k, frame) in goldens.frames.enumerated() {
            let image = try images.build(frame.image, name: "\(file) frame \(k)")
            let faces = try graph.process(PipelineImage(image), timestampMilliseconds: frame.timestampMs)
            guard faces.count == frame.faces.count else { result.append(nil); continue }
            var errors = FaceErrors()
            for (ours, golden) in zip(faces, frame.faces) { errors.merge(FaceErrors(ours: ours, golden: golden)) }
            result.append(errors)
        }
        return result
    }

    @Test(arguments: MediaPipeGoldens.faceLandmarkerVideoFiles)
    func sequenceMatchesMediaPipe(file: String) throws {
        let frames = try Self.run(file)
        #expect(frames.count >= 30)
        var worst = FaceErrors()
        var strictFrames = 0
        for (k, errors) in frames.enumerated() {
            print("face video parity \(file) frame \(k): \(errors.map(\.description) ?? "face count differs")")
            let errors = try #require(errors, "\(file) frame \(k): face count differs from MediaPipe")
            worst.merge(errors)
            if k <= 1 {
                // Frame 0 (detector ROI) and frame 1 (first loop-back ROI) before drift can build up.
                #expect(errors.passes, "\(file) frame \(k): \(errors)")
            } else if errors.passes {
                strictFrames += 1
            } else {
                withKnownIssue("tracking-loop drift beyond the issue-4 gate", isIntermittent: true) {
                    #expect(errors.passes, "\(file) frame \(k): \(errors)")
                }
                #expect(ParityGates.withinDriftBound(errors), "\(file) frame \(k): \(errors)")
            }
        }
        print("face video parity \(file) worst: \(worst); \(strictFrames + 2)/\(frames.count) frames within the strict gate")
    }
}

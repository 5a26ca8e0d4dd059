import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// The VisionCore face-video fixture (Tests/Fixtures/face-video, MediaPipe 1.2.3, VIDEO mode):
/// windows of astronaut.png at top 10 + 3k, left 20 + 5k, 480×460 — but numpy slicing stops at
/// the 512-px edge, so from frame 3 the frames MediaPipe saw are 477, 472, … 457 px wide. MediaPipe
/// restarts smoothing when the frame size changes (its output equals the unsmoothed landmarks
/// there); the graph does the same and matches all 8 frames.
@Test func smoothingRestartsWhenTheFrameSizeChanges() throws {
    let source = try GoldenImageBuilder().image(named: "astronaut.png")
    let pixels = source.packedBytes()
    let graph = try FaceLandmarkerGraph(modelPath: FaceLandmarkerImageParityTests.bundle,
                                        options: .init(isStreaming: true, engine: TestEngine.choice))
    for k in 0..<8 {
        let top = 10 + 3 * k, left = 20 + 5 * k
        let width = min(480, source.width - left)
        var bytes = [UInt8](repeating: 0, count: width * 460 * 3)
        for y in 0..<460 {
            for x in 0..<width * 3 { bytes[y * width * 3 + x] = pixels[((top + y) * source.width + left) * 3 + x] }
        }
        let faces = try graph.process(PipelineImage(try Image(width: width, height: 460, format: .rgb8, bytes: bytes)),
                                      timestampMilliseconds: 33 * k)
        try #require(faces.count == 1)
        let data = try Data(contentsOf: Assets.fixture("face-video/frame\(k).mediapipe.f32"))
        let reference = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        try #require(reference.count == 478 * 3)
        var xy: Float = 0, z: Float = 0
        for (i, landmark) in faces[0].landmarks.enumerated() {
            xy = max(xy, abs(landmark.x - reference[3 * i]), abs(landmark.y - reference[3 * i + 1]))
            z = max(z, abs(landmark.z - reference[3 * i + 2]))
        }
        print("face-video fixture frame \(k) (\(width)×460): xy \(xy) z \(z)")
        #expect(xy <= 5e-4 && z <= 1e-3, "frame \(k): xy \(xy) z \(z)")
    }
}

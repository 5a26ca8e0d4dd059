import Testing
import TestSupport
import VisionCore
import VisionPipeline

/// Why some parity cases cannot meet the 5e-4 gate: on t1_ross_2x rotated 90°, moving the
/// detector ROI by 1e-6 (normalized) moves our own landmarks by more than 1e-4, far more than the
/// ~1e-7 detector differences to MediaPipe would suggest.
@Test func landmarkModelIsSensitiveToTinyROIChangesOnRotatedRoss() throws {
    let images = try GoldenImageBuilder()
    let graph = try FaceLandmarkerGraph(modelPath: FaceLandmarkerImageParityTests.bundle,
                                        options: .init(engine: TestEngine.choice))
    let input = PipelineImage(try images.image(named: "t1_ross_2x.png"), orientation: .right)
    let rect = try #require(try graph.detectorRects(input).first)
    let base = try #require(try graph.landmarks(input, rect: rect))
    var shifted = rect
    shifted.xCenter += 1e-6
    let moved = try #require(try graph.landmarks(input, rect: shifted))
    var change: Float = 0
    for (a, b) in zip(base, moved) { change = max(change, abs(a.x - b.x), abs(a.y - b.y)) }
    print("landmark change for a 1e-6 ROI shift on t1_ross_2x rot90: \(change)")
    #expect(change > 1e-4)
}

import Testing
import TestSupport
import VisionPipeline
import VisionCore

@Test func debugRossRot90() throws {
    let images = try GoldenImageBuilder()
    let goldens = try MediaPipeGoldens.faceLandmarkerImage()
    let c = try #require(goldens.cases.first { $0.id == "t1_ross_2x.png/faces1/rot90" })
    let graph = try FaceLandmarkerGraph(modelPath: FaceLandmarkerImageParityTests.bundle, options: .init(engine: TestEngine.choice))
    let input = PipelineImage(try images.image(named: c.image), orientation: .right)
    let rect = try graph.detectorRects(input)[0]
    print("DEBUG rect", rect)
    let g = c.faces![0].landmarks
    for (dx, dr) in [(Float(0), Float(0)), (1e-6, 0), (-1e-6, 0), (0, 1e-6), (0, -1e-6), (1e-5, 0), (0, 1e-5)] {
        var r = rect; r.xCenter += dx; r.rotation += dr
        let l = try #require(try graph.landmarks(input, rect: r))
        var m: Float = 0
        for (a, b) in zip(l, g) { m = max(m, abs(a.x - b.x), abs(a.y - b.y)) }
        print("DEBUG perturb", dx, dr, "max err", m)
    }
}

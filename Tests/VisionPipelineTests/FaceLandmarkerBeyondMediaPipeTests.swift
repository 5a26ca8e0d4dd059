import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// What we do that MediaPipe 1.2.3 does not: gray input, small faces, mirrored orientations,
/// smoothing of every tracked face.
@Suite(.serialized) struct FaceLandmarkerBeyondMediaPipeTests {
    static let bundle = FaceLandmarkerImageParityTests.bundle

    /// MediaPipe fails on astronaut_gray.png (GRAY8); we replicate the gray channel and find the face.
    @Test func grayAstronautWorksAndMatchesTheColourResult() throws {
        let images = try GoldenImageBuilder()
        let graph = try FaceLandmarkerGraph(modelPath: Self.bundle, options: .init(engine: TestEngine.choice))
        let colour = try graph.process(PipelineImage(images.image(named: "astronaut.png")), timestampMilliseconds: 0)
        let gray = try graph.process(PipelineImage(images.image(named: "astronaut_gray.png")), timestampMilliseconds: 0)
        try #require(gray.count == 1 && colour.count == 1)
        var worst: Float = 0, sum: Float = 0
        for (a, b) in zip(gray[0].landmarks, colour[0].landmarks) {
            let d = max(abs(a.x - b.x), abs(a.y - b.y))
            worst = max(worst, d); sum += d
        }
        print("gray astronaut vs colour: max |Δxy| \(worst), mean \(sum / 478)")
        #expect(worst < 1e-2)
        #expect(sum / 478 < 3e-3)
    }

    /// t1.jpg has six people: MediaPipe finds no face, the full-range detector alone four.
    @Test func detectsSmallFacesFindsAllSixInT1() throws {
        let image = try ImageDecoder.decode(contentsOfFile: Assets.image("t1.jpg").path).image
        let plain = try FaceLandmarkerGraph(modelPath: Self.bundle, options: .init(numFaces: 10, engine: TestEngine.choice))
        let small = try FaceLandmarkerGraph(modelPath: Self.bundle, options: .init(numFaces: 10, detectsSmallFaces: true,
                                                                                 engine: TestEngine.choice))
        #expect(try plain.process(PipelineImage(image), timestampMilliseconds: 0).isEmpty)
        let faces = try small.process(PipelineImage(image), timestampMilliseconds: 0)
        let centres = faces.map { face in
            (face.landmarks.map(\.x).reduce(0, +) / 478 * Float(image.width), face.landmarks.map(\.y).reduce(0, +) / 478 * Float(image.height))
        }
        print("small faces on t1.jpg: \(faces.count) faces at \(centres.map { "(\(Int($0.0)), \(Int($0.1)))" })")
        #expect(faces.count == 6)
        // Each of the six people's 256×256 windows (the origins of the t1_*_2x goldens) holds
        // exactly one face centre.
        let windows: [(name: String, x: Float, y: Float)] = [("rachel", -8, 202), ("monica", 222, 62), ("ross", 387, 192),
                                                              ("chandler", 677, 257), ("joey", 872, -8), ("phoebe", 1047, 192)]
        for window in windows {
            let inside = centres.filter { $0.0 >= window.x && $0.0 < window.x + 256 && $0.1 >= window.y && $0.1 < window.y + 256 }
            #expect(inside.count == 1, "\(window.name): \(inside.count) faces")
        }
        // The tiles follow the orientation: the same picture stored turned and tagged `.right`.
        let turned = try small.process(PipelineImage(try image.oriented(.left), orientation: .right), timestampMilliseconds: 0)
        #expect(turned.count == 6)
    }
}

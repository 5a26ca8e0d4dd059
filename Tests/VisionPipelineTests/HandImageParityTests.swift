import Imaging
import Testing
import TestSupport
import VisionPipeline

/// HandLandmarker IMAGE mode against MediaPipe 1.2.3 (`hand_landmarker_image.json`), on the exact
/// pixels MediaPipe saw: the same hands in the same order, within the hand gates (docs/parity.md §4).
@Suite struct HandImageParityTests {
    static let model = Assets.model("hand_landmarker.task").path

    static func graph(numHands: Int, streaming: Bool = false) throws -> HandLandmarkerGraph {
        try HandLandmarkerGraph(modelPath: model, options: HandLandmarkerGraphOptions(
            numHands: numHands, isStreaming: streaming, engine: TestEngine.choice))
    }

    @Test func imageModeMatchesMediaPipe() throws {
        let goldens = try MediaPipeGoldens.handLandmarkerImage()
        let images = try GoldenImageBuilder()
        var graphs: [Int: HandLandmarkerGraph] = [:]
        var total = HandErrors()
        var compared = 0, hands = 0
        for golden in goldens.cases where golden.imageFormat == nil {
            let expected = try #require(golden.hands, "\(golden.id)")
            let graph = try graphs[golden.numHands] ?? Self.graph(numHands: golden.numHands)
            graphs[golden.numHands] = graph
            let image = try images.image(named: golden.image)
            let input = PipelineImage(image, orientation: PoseImageParityTests.orientation(rotationDegrees: golden.rotationDegrees))
            let found = try graph.process(input, timestampMilliseconds: 0)
            #expect(found.count == expected.count, "\(golden.id): \(found.count) hands, MediaPipe \(expected.count)")
            var errors = HandErrors()
            for (ours, theirs) in zip(found, expected) { errors.merge(HandErrors(ours: ours, golden: theirs)) }
            print("hand parity \(golden.id): \(found.count) hands, \(errors)")
            errors.expectGate(golden.id)
            if TestEngine.choice.backend == .xnnpack {
                // Palm detector, ROIs, crops, landmark model and projection are bit-identical to
                // MediaPipe 1.2.3's on every case.
                #expect(errors.isExact, "\(golden.id): \(errors)")
            }
            total.merge(errors)
            compared += 1
            hands += expected.count
        }
        print("hand parity IMAGE mode, \(compared) cases, \(hands) hands: \(total)")
        #expect(compared == 39 && hands == 38)
    }
}

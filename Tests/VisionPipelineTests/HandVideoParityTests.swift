import Imaging
import Testing
import TestSupport
import VisionPipeline

/// HandLandmarker VIDEO mode against MediaPipe 1.2.3, frame by frame with timestamps 0, 33, 66, …
/// ms: the tracking ROI from the landmarks, the palm detector skipped while `numHands` hands are
/// tracked, MediaPipe's hand association (tracked hands kept, new palms added where they overlap
/// none) and the duplicate filter. The hand count must match on every frame, within the hand
/// gates (docs/parity.md §4).
@Suite(.serialized) struct HandVideoParityTests {
    /// 30 frames of Zidane's hands, numHands 2: hands found, lost and found again.
    @Test func zidaneSequenceMatchesMediaPipe() throws {
        let frames = try Self.run("hand_landmarker_video_zidane.json")
        #expect(frames.count == 30)
        for (index, errors) in frames.enumerated() { errors.expectGate("zidane frame \(index)") }
    }

    /// 20 frames of t1.jpg, numHands 2: one hand at first, then two tracked.
    @Test func groupSequenceMatchesMediaPipe() throws {
        let frames = try Self.run("hand_landmarker_video_t1.json")
        #expect(frames.count == 20)
        for (index, errors) in frames.enumerated() { errors.expectGate("t1 frame \(index)") }
    }

    static func run(_ file: String) throws -> [HandErrors] {
        let sequence = try MediaPipeGoldens.handLandmarkerVideo(file)
        let images = try GoldenImageBuilder()
        let graph = try HandImageParityTests.graph(numHands: sequence.numHands, streaming: true)
        var result: [HandErrors] = []
        for (index, frame) in sequence.frames.enumerated() {
            let image = try images.build(frame.image, name: "\(file) frame \(index)")
            let hands = try graph.process(PipelineImage(image), timestampMilliseconds: frame.timestampMs)
            #expect(hands.count == frame.hands.count, "\(file) frame \(index): \(hands.count) hands, MediaPipe \(frame.hands.count)")
            var errors = HandErrors()
            for (ours, theirs) in zip(hands, frame.hands) { errors.merge(HandErrors(ours: ours, golden: theirs)) }
            print("hand parity \(file) frame \(index): \(hands.count) hands, \(errors)")
            if TestEngine.choice.backend == .xnnpack {
                // Tracking amplifies any float difference; these frames are bit-identical.
                #expect(errors.isExact, "\(file) frame \(index): \(errors)")
            }
            result.append(errors)
        }
        return result
    }
}

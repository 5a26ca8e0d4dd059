import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// Beyond MediaPipe: `findsEveryPerson` (docs/pipeline.md §9.2). MediaPipe 1.2.3 finds 1 of the 4 people of
/// bus.jpg, 4 of the 6 of t1.jpg and 0 of the 2 of zidane.jpg; the poses it finds must come out
/// unchanged, first, and numPoses 1 must stay MediaPipe's.
@Suite(.serialized) struct PoseEveryPersonTests {
    static func graph(numPoses: Int, everyPerson: Bool, streaming: Bool = false) throws -> PoseLandmarkerGraph {
        try PoseLandmarkerGraph(modelPath: PoseImageParityTests.model, options: PoseLandmarkerGraphOptions(
            numPoses: numPoses, isStreaming: streaming, findsEveryPerson: everyPerson, engine: TestEngine.choice))
    }

    static func poses(_ name: String, numPoses: Int, everyPerson: Bool) throws -> [PipelinePose] {
        let image = try GoldenImageBuilder().image(named: name)
        return try graph(numPoses: numPoses, everyPerson: everyPerson).process(PipelineImage(image), timestampMilliseconds: 0)
    }

    /// The first poses are MediaPipe's (same as without the option, bit for bit, and within the
    /// parity gates of the golden), then the extra people.
    static func expectMediaPipeFirst(_ name: String, ours: [PipelinePose], numPoses: Int) throws {
        let plain = try poses(name, numPoses: numPoses, everyPerson: false)
        let golden = try #require(try MediaPipeGoldens.poseLandmarkerImage().cases.first { $0.id == "\(name)/poses5" }?.poses)
        #expect(plain.count == golden.count)
        try #require(ours.count >= plain.count)
        for (a, b) in zip(ours, plain) {
            #expect(a.landmarks == b.landmarks && a.worldLandmarks == b.worldLandmarks, "\(name)")
        }
        var errors = PoseErrors()
        for (a, b) in zip(ours, golden) { errors.merge(try PoseErrors(ours: a, golden: b, comparesMasks: false)) }
        errors.expectGate("\(name) every person, MediaPipe's poses")
    }

    @Test func findsEveryoneOnT1() throws {
        let found = try Self.poses("t1.jpg", numPoses: 8, everyPerson: true)
        print("every person t1.jpg: \(found.count) poses (MediaPipe 4)")
        #expect(found.count == 6)
        try Self.expectMediaPipeFirst("t1.jpg", ours: found, numPoses: 8)
    }

    /// All four, each once: MediaPipe's man in the beige coat, the man in black, the person cut by
    /// the right edge, and the one cut by the left edge (a thin strip of coat, no head in the
    /// picture, no detection at all: found by the edge windows).
    @Test func findsThePeopleOfBus() throws {
        let found = try Self.poses("bus.jpg", numPoses: 6, everyPerson: true)
        let hips = found.map { ($0.landmarks[23].x + $0.landmarks[24].x) / 2 }
        print("every person bus.jpg: \(found.count) poses (MediaPipe 1), hip x \(hips)")
        #expect(found.count == 4)
        // Hip midpoints (fractions of the width) of the four people, one pose each.
        for (what, range) in [("left edge", -0.2...0.08), ("beige coat", 0.1...0.25), ("black", 0.25...0.45),
                              ("right edge", 0.85...1.2)] as [(String, ClosedRange<Float>)] {
            #expect(hips.filter { range.contains($0) }.count == 1, "\(what): hips \(hips)")
        }
        try Self.expectMediaPipeFirst("bus.jpg", ours: found, numPoses: 6)
    }

    /// No invented people: one astronaut, and the two men of zidane.jpg (MediaPipe finds none).
    @Test func findsNoGhosts() throws {
        #expect(try Self.poses("astronaut.png", numPoses: 5, everyPerson: true).count == 1)
        #expect(try Self.poses("zidane.jpg", numPoses: 5, everyPerson: true).count == 2)
    }

    /// With numPoses 1 the option changes nothing.
    @Test func singlePoseIsMediaPipes() throws {
        let with = try Self.poses("bus.jpg", numPoses: 1, everyPerson: true)
        let without = try Self.poses("bus.jpg", numPoses: 1, everyPerson: false)
        #expect(with.count == 1 && without.count == 1)
        #expect(with.first?.landmarks == without.first?.landmarks)
    }

    /// While streaming, extra people are tracked on their own list: MediaPipe's poses stay
    /// identical to a graph without the option on every frame, and the extras persist.
    @Test func streamingKeepsMediaPipesPosesAndTracksExtras() throws {
        let sequence = try MediaPipeGoldens.poseLandmarkerVideo("pose_landmarker_video_t1.json")
        let images = try GoldenImageBuilder()
        let every = try Self.graph(numPoses: 8, everyPerson: true, streaming: true)
        let plain = try Self.graph(numPoses: 8, everyPerson: false, streaming: true)
        for (index, frame) in sequence.frames.prefix(4).enumerated() {
            let image = PipelineImage(try images.build(frame.image, name: "t1 frame \(index)"))
            let extended = try every.process(image, timestampMilliseconds: frame.timestampMs)
            let reference = try plain.process(image, timestampMilliseconds: frame.timestampMs)
            print("every person, t1 video frame \(index): \(extended.count) poses (MediaPipe \(frame.poses.count))")
            try #require(extended.count >= reference.count)
            for (a, b) in zip(extended, reference) { #expect(a.landmarks == b.landmarks, "frame \(index)") }
            #expect(extended.count > reference.count, "frame \(index)")
        }
    }
}

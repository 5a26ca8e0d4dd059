import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// The every-hand search finds hands by their size in pixels (docs/pipeline.md §12.8): sample
/// hands pasted at 32–128 px onto a 1920×1080 canvas, some centred on the finest tiles' region
/// boundaries, must be found with the landmarks of their full-size hand; hand-less pictures give
/// no hand.
@Suite(.serialized) struct HandCrowdSearchTests {
    /// The landmark error gate: mean distance to the truth over the hand's extent.
    static let worstError: Float = 0.15

    static func graph(everyHand: Bool = true) throws -> HandLandmarkerGraph {
        try HandLandmarkerGraph(modelPath: HandImageParityTests.model, options: .init(
            numHands: 20, findsEveryHand: everyHand, engine: TestEngine.choice))
    }

    /// The hands of four 2× windows of the sample pictures, found at full size.
    static let sampleHands: [SampleFace] = {
        do {
            let images = try GoldenImageBuilder()
            let graph = try HandLandmarkerGraph(modelPath: HandImageParityTests.model, options: .init(engine: TestEngine.choice))
            return try ["t1_hand_ross_2x.png", "zidane_hand_low_2x.png", "bus_hand_2x.png", "t1_hand_rachel_2x.png"].compactMap { name in
                let image = try images.image(named: name)
                guard let hand = try graph.process(PipelineImage(image), timestampMilliseconds: 0).first else { return nil }
                return SampleFace(source: try RGBPixels(image), mesh: hand.landmarks.map {
                    (x: $0.x * Float(image.width), y: $0.y * Float(image.height))
                })
            }
        } catch {
            return []
        }
    }()

    /// Per pasted hand: its error (mean landmark distance over its extent), nil when missed.
    static func score(_ hands: [PipelineHand], on canvas: CrowdCanvas) -> [Float?] {
        let found = hands.map { hand in hand.landmarks.map { (x: $0.x * Float(canvas.width), y: $0.y * Float(canvas.height)) } }
        var used = Set<Int>()
        return canvas.truths.map { truth in
            let centre = (x: truth.map(\.x).reduce(0, +) / 21, y: truth.map(\.y).reduce(0, +) / 21)
            let extent = max(truth.map(\.x).max()! - truth.map(\.x).min()!, truth.map(\.y).max()! - truth.map(\.y).min()!)
            guard let match = found.indices.filter({ !used.contains($0) }).min(by: { a, b in
                FaceCrowdSearchTests.distance(found[a], to: centre) < FaceCrowdSearchTests.distance(found[b], to: centre)
            }), FaceCrowdSearchTests.distance(found[match], to: centre) < extent / 2 else { return nil }
            used.insert(match)
            return zip(found[match], truth).map { hypot($0.x - $1.x, $0.y - $1.y) }.reduce(0, +) / 21 / extent
        }
    }

    @Test func findsEveryHandFrom32Pixels() throws {
        try #require(Self.sampleHands.count == 4)
        let sizes: [Float] = [32, 36, 40, 48, 56, 64, 80, 96, 112, 128]
        var canvas = CrowdCanvas(width: 1920, height: 1080, seed: 11)
        let plan = EveryHandSearch.plan(width: 1920, height: 1080, minHandSize: 32)
        let boundaries = Set(plan.tiles.filter { $0.level == 0 }.map(\.ownMaxX).filter(\.isFinite)).sorted()
        let columns = sizes.count / 2
        let cellWidth: Float = 1920 / Float(columns)
        for (i, size) in sizes.enumerated() {
            let cellX = (Float(i % columns) + 0.5) * cellWidth, y = (Float(i / columns) + 0.5) * 540
            // Every other hand centred on the boundary of two finest tiles' own regions.
            let boundary = boundaries.min { abs($0 - cellX) < abs($1 - cellX) } ?? cellX
            let x = i % 2 == 0 && abs(boundary - cellX) < cellWidth / 4 ? boundary : cellX
            let hand = Self.sampleHands[i % Self.sampleHands.count]
            let extent = max(hand.mesh.map(\.x).max()! - hand.mesh.map(\.x).min()!, hand.mesh.map(\.y).max()! - hand.mesh.map(\.y).min()!)
            // CrowdCanvas scales by the mesh's width; the extent is what the search is sized by.
            canvas.paste(hand, centreX: x, centreY: y, width: size * hand.meshWidth / extent)
        }
        let image = try canvas.image()
        let hands = try Self.graph().process(PipelineImage(image), timestampMilliseconds: 0)
        let mediaPipe = try Self.graph(everyHand: false).process(PipelineImage(image), timestampMilliseconds: 0)
        let errors = Self.score(hands, on: canvas)
        let table = zip(sizes, errors).map { "\(Int($0)) px: " + ($1.map { "error \(($0 * 1000).rounded() / 1000)" } ?? "missed") }
        print("every hand 1920×1080: \(errors.compactMap { $0 }.count)/\(sizes.count) found (MediaPipe's pass: "
              + "\(Self.score(mediaPipe, on: canvas).compactMap { $0 }.count)), \(hands.count) hands in all; " + table.joined(separator: ", "))
        #expect(errors.allSatisfy { $0 != nil })
        #expect(errors.compactMap { $0 }.allSatisfy { $0 <= Self.worstError })
    }

    /// Video: the search runs on the first frame; its hands are then tracked like MediaPipe's, so
    /// the next frames keep them without searching again.
    @Test func streamingTracksTheHandsItFound() throws {
        try #require(Self.sampleHands.count == 4)
        var canvas = CrowdCanvas(width: 1280, height: 720, seed: 5)
        for (i, x) in [Float(250), 650, 1050].enumerated() {
            canvas.paste(Self.sampleHands[i], centreX: x, centreY: 360, width: 48)
        }
        let graph = try HandLandmarkerGraph(modelPath: HandImageParityTests.model, options: .init(
            numHands: 3, isStreaming: true, findsEveryHand: true, engine: TestEngine.choice))
        let image = PipelineImage(try canvas.image())
        let counts = try (0..<3).map { try graph.process(image, timestampMilliseconds: 33 * $0).count }
        #expect(counts == [3, 3, 3], "\(counts)")
        #expect(Self.score(try graph.process(image, timestampMilliseconds: 99), on: canvas).allSatisfy { $0 != nil })
    }

    @Test func findsNoHandWhereThereIsNone() throws {
        let graph = try Self.graph()
        var pictures: [(String, Image)] = [
            ("texture", try CrowdCanvas(width: 1920, height: 1080, seed: 7).image()),
            ("flat grey", try CrowdCanvas(width: 1920, height: 1080, seed: 0, flatGrey: true).image()),
        ]
        // Hand-less parts of the sample pictures (bus.jpg's lower left holds a hand).
        for (name, x, y, w, h) in [("bus.jpg", 300, 940, 510, 140), ("zidane.jpg", 0, 0, 420, 236), ("t1.jpg", 380, 0, 520, 110)] {
            let source = try RGBPixels(ImageDecoder.decode(contentsOfFile: Assets.image(name).path).image)
            var canvas = CrowdCanvas(width: 1920, height: 1080, seed: 0, flatGrey: true)
            canvas.fill(from: source, x: Float(x), y: Float(y), width: Float(w), height: Float(h))
            pictures.append(("\(name) crop", try canvas.image()))
        }
        for (name, image) in pictures {
            let hands = try graph.process(PipelineImage(image), timestampMilliseconds: 0)
            print("every hand on \(name): \(hands.count)")
            #expect(hands.isEmpty, "\(name): false hands")
        }
    }
}

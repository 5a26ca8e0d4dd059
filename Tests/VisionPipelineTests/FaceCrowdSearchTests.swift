import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// The small-faces search finds faces by their size in pixels (docs/pipeline.md §9.1): sample faces
/// pasted at 24–200 px onto 1920×1080 and 3840×2160 canvases, on tile edges among other places,
/// must all be found, with the landmarks of their full-size mesh, and nothing else; face-less
/// pictures give no face.
@Suite(.serialized) struct FaceCrowdSearchTests {
    static let bundle = FaceLandmarkerImageParityTests.bundle
    /// The landmark error gate: mean distance to the truth over the inter-ocular distance.
    static let worstNME: Float = 0.15

    static func graph(streaming: Bool = false) throws -> FaceLandmarkerGraph {
        try FaceLandmarkerGraph(modelPath: bundle, options: .init(numFaces: 40, isStreaming: streaming, smoothing: .off,
                                                                  detectsSmallFaces: true, engine: TestEngine.choice))
    }

    /// The faces of the sample pictures, found at full size (six in t1.jpg, the astronaut, the
    /// facing man in zidane.jpg).
    static let sampleFaces: [SampleFace] = {
        do {
            let graph = try graph()
            var faces: [SampleFace] = []
            for name in ["astronaut.png", "t1.jpg", "zidane.jpg"] {
                let image = try ImageDecoder.decode(contentsOfFile: Assets.image(name).path).image
                let source = try RGBPixels(image)
                for face in try graph.process(PipelineImage(image), timestampMilliseconds: 0) {
                    faces.append(SampleFace(source: source, mesh: face.landmarks.map {
                        (x: $0.x * Float(image.width), y: $0.y * Float(image.height))
                    }))
                }
            }
            return faces
        } catch {
            return []
        }
    }()

    /// A canvas with one face per size, in a grid of cells; every third face centred on a level-0
    /// own-region boundary, every third on a level-0 tile edge, the rest jittered.
    static func crowd(width: Int, height: Int, sizes: [Float], seed: UInt64) -> CrowdCanvas {
        var canvas = CrowdCanvas(width: width, height: height, seed: seed)
        let plan = SearchTilePlan.faces(width: width, height: height, minFaceSize: 24)
        let level0 = plan.tiles.filter { $0.level == 0 }
        let boundaries = Set(level0.map(\.ownMaxX).filter(\.isFinite)).sorted()
        let edges = Set(level0.flatMap { tile -> [Float] in [tile.centreX - tile.width / 2, tile.centreX + tile.width / 2] })
            .sorted()
        var random = SeededRandom(seed: seed)
        let columns = (sizes.count + 1) / 2
        let cellWidth = Float(width) / Float(columns), cellHeight = Float(height) / 2
        for (i, size) in sizes.enumerated() {
            let cellX = (Float(i % columns) + 0.5) * cellWidth, cellY = (Float(i / columns) + 0.5) * cellHeight
            let nearest = { (xs: [Float]) in xs.min { abs($0 - cellX) < abs($1 - cellX) } ?? cellX }
            let x: Float = switch i % 3 {
            case 0: abs(nearest(boundaries) - cellX) < cellWidth / 4 ? nearest(boundaries) : cellX
            case 1: abs(nearest(edges) - cellX) < cellWidth / 4 ? nearest(edges) : cellX
            default: cellX + Float.random(in: -0.1...0.1, using: &random) * cellWidth
            }
            let y = cellY + Float.random(in: -0.15...0.15, using: &random) * cellHeight
            canvas.paste(sampleFaces[i % sampleFaces.count], centreX: x, centreY: y, width: size)
        }
        return canvas
    }

    /// Per pasted face: found or not, and its NME; plus the faces matching no pasted face.
    static func score(_ faces: [PipelineFace], on canvas: CrowdCanvas) -> (nme: [Float?], extra: Int) {
        let found = faces.map { face in face.landmarks.map { (x: $0.x * Float(canvas.width), y: $0.y * Float(canvas.height)) } }
        var used = Set<Int>()
        let nme: [Float?] = canvas.truths.map { truth in
            let centre = (x: truth.map(\.x).reduce(0, +) / Float(truth.count), y: truth.map(\.y).reduce(0, +) / Float(truth.count))
            let width = truth.map(\.x).max()! - truth.map(\.x).min()!
            guard let match = found.indices.filter({ !used.contains($0) }).min(by: { a, b in
                distance(found[a], to: centre) < distance(found[b], to: centre)
            }), distance(found[match], to: centre) < width / 2 else { return nil }
            used.insert(match)
            let interocular = hypot(truth[33].x - truth[263].x, truth[33].y - truth[263].y)
            let mean = zip(found[match], truth).map { hypot($0.x - $1.x, $0.y - $1.y) }.reduce(0, +) / Float(truth.count)
            return mean / interocular
        }
        return (nme, found.count - used.count)
    }

    static func distance(_ mesh: [(x: Float, y: Float)], to point: (x: Float, y: Float)) -> Float {
        hypot(mesh.map(\.x).reduce(0, +) / Float(mesh.count) - point.x, mesh.map(\.y).reduce(0, +) / Float(mesh.count) - point.y)
    }

    @Test(arguments: [
        (1920, 1080, [Float(24), 24, 28, 32, 36, 40, 48, 56, 64, 72, 84, 100]),
        (3840, 2160, [Float(24), 28, 32, 40, 48, 56, 64, 80, 100, 128, 160, 200]),
    ])
    func findsEveryFaceFrom24Pixels(width: Int, height: Int, sizes: [Float]) throws {
        try #require(Self.sampleFaces.count == 8)
        let canvas = Self.crowd(width: width, height: height, sizes: sizes, seed: UInt64(width))
        let faces = try Self.graph().process(PipelineImage(canvas.image()), timestampMilliseconds: 0)
        let (nme, extra) = Self.score(faces, on: canvas)
        let table = zip(sizes, nme).map { "\(Int($0)) px: " + ($1.map { "NME \(($0 * 1000).rounded() / 1000)" } ?? "missed") }
        print("small faces \(width)×\(height): \(nme.compactMap { $0 }.count)/\(sizes.count) found, \(extra) extra; "
              + table.joined(separator: ", "))
        // Every face, 24 px (the default minimum) included.
        #expect(nme.allSatisfy { $0 != nil })
        #expect(nme.compactMap { $0 }.allSatisfy { $0 <= Self.worstNME })
        #expect(extra == 0)
    }

    /// Face-less pictures: textures, flat grey, and face-less parts of the sample pictures
    /// enlarged to 1920×1080.
    @Test func findsNoFaceWhereThereIsNone() throws {
        let graph = try Self.graph()
        var pictures: [(String, Image)] = [
            ("texture", try CrowdCanvas(width: 1920, height: 1080, seed: 7).image()),
            ("flat grey", try CrowdCanvas(width: 1920, height: 1080, seed: 0, flatGrey: true).image()),
        ]
        for (name, x, y, w, h) in [("bus.jpg", 0, 740, 810, 340), ("t1.jpg", 0, 560, 1280, 326), ("zidane.jpg", 0, 0, 420, 236)] {
            let source = try RGBPixels(ImageDecoder.decode(contentsOfFile: Assets.image(name).path).image)
            var canvas = CrowdCanvas(width: 1920, height: 1080, seed: 0, flatGrey: true)
            canvas.fill(from: source, x: Float(x), y: Float(y), width: Float(w), height: Float(h))
            pictures.append(("\(name) crop", try canvas.image()))
        }
        for (name, image) in pictures {
            let faces = try graph.process(PipelineImage(image), timestampMilliseconds: 0)
            print("small faces on \(name): \(faces.count)")
            #expect(faces.count == 0, "\(name): false faces")
        }
    }

    /// Video: after the first frame, the search runs a strip of tiles per frame, so a small face
    /// that appears is found within ceil((runs − 1) / tilesPerStreamingFrame) frames, and faces
    /// already tracked stay.
    @Test func streamingFindsANewSmallFaceWithinTheSchedule() throws {
        let graph = try Self.graph(streaming: true)
        var before = CrowdCanvas(width: 1920, height: 1080, seed: 3)
        before.paste(Self.sampleFaces[0], centreX: 400, centreY: 300, width: 64)
        var after = before
        after.paste(Self.sampleFaces[2], centreX: 1500, centreY: 800, width: 28)
        let plan = SearchTilePlan.faces(width: 1920, height: 1080, minFaceSize: 24, streaming: true)
        let perFrame = FaceSearch.tilesPerStreamingFrame
        let bound = (plan.detectorRuns - 1 + perFrame - 1) / perFrame
        #expect(try graph.process(PipelineImage(before.image()), timestampMilliseconds: 0).count == 1)
        var foundAt: Int?
        for frame in 1...(bound + 1) {
            let faces = try graph.process(PipelineImage(after.image()), timestampMilliseconds: frame * 33)
            #expect(faces.count >= 1)
            if faces.count == 2 { foundAt = frame; break }
        }
        print("streaming: new 28 px face found at frame \(foundAt.map(String.init) ?? "never") (bound \(bound))")
        #expect(foundAt != nil && foundAt! <= bound)
    }

    /// The same search behind MediaPipe's FaceDetector (an option) and ML Kit's `.accurate`, whose
    /// `minFaceSize` (a share of the picture's width) applies after it.
    @Test func faceDetectorAndMLKitAccurateSearchTheSameWay() throws {
        let sizes: [Float] = [24, 24, 28, 32, 36, 40, 48, 56, 64, 72, 84, 100]
        let canvas = Self.crowd(width: 1920, height: 1080, sizes: sizes, seed: 1920)
        let image = PipelineImage(try canvas.image())
        let centres = canvas.truths.map { truth in
            (x: truth.map(\.x).reduce(0, +) / Float(truth.count), y: truth.map(\.y).reduce(0, +) / Float(truth.count))
        }
        /// How many pasted faces have a box centred within 0.4 of their width.
        func matched(_ boxes: [(x: Float, y: Float)]) -> Int {
            zip(centres, sizes).filter { centre, size in
                boxes.contains { hypot($0.x - centre.x, $0.y - centre.y) < 0.4 * size }
            }.count
        }
        let searching = try FaceDetectorGraph(modelPath: Self.bundle, options: .init(detectsSmallFaces: true, engine: TestEngine.choice))
        let plain = try FaceDetectorGraph(modelPath: Self.bundle, options: .init(engine: TestEngine.choice))
        let boxes = try searching.detect(image).map { (x: Float($0.boundingBox.x) + Float($0.boundingBox.width) / 2,
                                                       y: Float($0.boundingBox.y) + Float($0.boundingBox.height) / 2) }
        let plainCount = try plain.detect(image).count
        print("face detector on the 1080p crowd: \(matched(boxes))/\(sizes.count) with the search (\(boxes.count) boxes), "
              + "\(plainCount) boxes without")
        #expect(matched(boxes) == sizes.count && boxes.count == sizes.count)
        #expect(plainCount == 0)
        for (minFaceSize, expected) in [(Float(0), sizes.count), (0.04, 2), (0.1, 0)] {
            let analyzer = try MLKitFaceAnalyzer(bundlePath: Self.bundle, options: MLKitFaceOptions(accurate: true, minFaceSize: minFaceSize),
                                                 engine: TestEngine.choice)
            let faces = try analyzer.analyze(image)
            let frames = faces.map { (x: $0.frame.x + $0.frame.width / 2, y: $0.frame.y + $0.frame.height / 2) }
            print("ML Kit .accurate, minFaceSize \(minFaceSize): \(faces.count) faces, \(matched(frames)) pasted")
            #expect(faces.count == expected && matched(frames) == expected)
        }
    }
}

import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// `findsEveryPerson` finds people by their height in pixels (docs/pipeline.md §9.2): three copies
/// of bus.jpg, shrunk so that its two wholly visible people measure 150–380 px, on a 1920×1080
/// textured canvas. MediaPipe's single detector pass finds none of them.
@Suite(.serialized) struct PoseCrowdSearchTests {
    @Test func findsEveryPersonFrom150PixelsTall() throws {
        let graph = try PoseLandmarkerGraph(modelPath: PoseImageParityTests.model, options: PoseLandmarkerGraphOptions(
            numPoses: 12, findsEveryPerson: true, engine: TestEngine.choice))
        let bus = try ImageDecoder.decode(contentsOfFile: Assets.image("bus.jpg").path).image
        // The wholly visible people of bus.jpg at full size (the beige coat and the man in black).
        let people = try graph.process(PipelineImage(bus), timestampMilliseconds: 0).filter { pose in
            (0.1...0.45).contains((pose.landmarks[23].x + pose.landmarks[24].x) / 2)
        }
        try #require(people.count == 2)
        let source = try RGBPixels(bus)
        var canvas = CrowdCanvas(width: 1920, height: 1080, seed: 11)
        var truths: [[(x: Float, y: Float)]] = []
        var x = 60
        for height in [460, 620, 900] {
            let y = 1080 - height - 40 * (height % 3)
            let scale = canvas.paste(whole: source, x: x, y: y, height: height)
            for person in people {
                truths.append(person.landmarks.map { (Float(x) + $0.x * Float(bus.width) * scale, Float(y) + $0.y * Float(bus.height) * scale) })
            }
            x += Int(Float(bus.width) * scale) + 60
        }
        let found = try graph.process(PipelineImage(canvas.image()), timestampMilliseconds: 0).map { pose in
            pose.landmarks.map { (x: $0.x * 1920, y: $0.y * 1080) }
        }
        let plain = try PoseLandmarkerGraph(modelPath: PoseImageParityTests.model, options: PoseLandmarkerGraphOptions(
            numPoses: 12, engine: TestEngine.choice)).process(PipelineImage(canvas.image()), timestampMilliseconds: 0)
        print("every person 1920×1080: MediaPipe's pass alone finds \(plain.count) poses")
        #expect(plain.count < truths.count)
        var report: [String] = []
        var missed = 0
        for truth in truths {
            let tall = truth.map(\.y).max()! - truth.map(\.y).min()!
            let hip = Self.midpoint(truth, 23, 24), shoulder = Self.midpoint(truth, 11, 12)
            let torso = hypot(hip.x - shoulder.x, hip.y - shoulder.y)
            guard let match = found.first(where: { pose in
                let h = Self.midpoint(pose, 23, 24)
                return hypot(h.x - hip.x, h.y - hip.y) < 0.5 * torso
            }) else {
                report.append("\(Int(tall)) px: missed")
                missed += 1
                continue
            }
            let error = zip(match, truth).map { hypot($0.x - $1.x, $0.y - $1.y) }.reduce(0, +) / Float(truth.count) / torso
            report.append("\(Int(tall)) px: error \((error * 1000).rounded() / 1000) torso")
            #expect(error < 0.3)
        }
        print("every person 1920×1080: \(truths.count - missed)/\(truths.count) found, \(found.count) poses in all; "
              + report.joined(separator: ", "))
        #expect(missed == 0)
    }

    static func midpoint(_ points: [(x: Float, y: Float)], _ a: Int, _ b: Int) -> (x: Float, y: Float) {
        ((points[a].x + points[b].x) / 2, (points[a].y + points[b].y) / 2)
    }
}

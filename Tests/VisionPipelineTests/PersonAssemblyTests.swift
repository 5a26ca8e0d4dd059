import Testing
import VisionPipeline

/// How `PersonAssembly` attaches faces and hands to bodies (docs/pipeline.md §13), on landmarks
/// placed by hand in a 1000×1000 picture.
@Suite struct PersonAssemblyTests {
    /// A body standing at `x` (pixels): nose at (x, 200), shoulders 100 px apart at y 300, the
    /// subject's left wrist (15) at x + 80 and right wrist (16) at x − 80, y 500.
    static func body(at x: Float) -> [PipelineLandmark] {
        var points = [PipelineLandmark](repeating: PipelineLandmark(x: x / 1000, y: 0.4, z: 0), count: 33)
        points[0] = PipelineLandmark(x: x / 1000, y: 0.2, z: 0)
        points[11] = PipelineLandmark(x: (x + 50) / 1000, y: 0.3, z: 0)
        points[12] = PipelineLandmark(x: (x - 50) / 1000, y: 0.3, z: 0)
        points[15] = PipelineLandmark(x: (x + 80) / 1000, y: 0.5, z: 0)
        points[16] = PipelineLandmark(x: (x - 80) / 1000, y: 0.5, z: 0)
        return points
    }

    /// A face 60 px wide whose nose tip (landmark 1) is at (x, y) pixels.
    static func face(noseAt x: Float, _ y: Float) -> [PipelineLandmark] {
        var points = [PipelineLandmark](repeating: PipelineLandmark(x: x / 1000, y: y / 1000, z: 0), count: 478)
        points[10] = PipelineLandmark(x: (x - 30) / 1000, y: y / 1000, z: 0)
        points[20] = PipelineLandmark(x: (x + 30) / 1000, y: y / 1000, z: 0)
        return points
    }

    /// A hand whose wrist is at (x, y) pixels.
    static func hand(wristAt x: Float, _ y: Float) -> [PipelineLandmark] {
        (0..<21).map { i in PipelineLandmark(x: (x + Float(i % 5) * 4) / 1000, y: (y - Float(i / 5) * 8) / 1000, z: 0) }
    }

    @Test func facesAndHandsGoToTheNearestBody() {
        let assembly = PersonAssembly(
            poses: [Self.body(at: 200), Self.body(at: 700)],
            faces: [Self.face(noseAt: 705, 210), Self.face(noseAt: 190, 195), Self.face(noseAt: 450, 600)],
            hands: [Self.hand(wristAt: 285, 505), Self.hand(wristAt: 615, 490), Self.hand(wristAt: 450, 900)],
            imageWidth: 1000, imageHeight: 1000)
        #expect(assembly.people == [
            .init(pose: 0, face: 1, leftHand: 0, rightHand: nil),
            .init(pose: 1, face: 0, leftHand: nil, rightHand: 1),
        ])
        #expect(assembly.unmatchedFaces == [2] && assembly.unmatchedHands == [2])
    }

    /// Two hands at one wrist: the nearer one takes it and the other matches nobody; a hand at
    /// each wrist: one each.
    @Test func oneHandPerWrist() {
        let crowded = PersonAssembly(poses: [Self.body(at: 500)], faces: [],
                                     hands: [Self.hand(wristAt: 600, 500), Self.hand(wristAt: 582, 502)],
                                     imageWidth: 1000, imageHeight: 1000)
        #expect(crowded.people == [.init(pose: 0, face: nil, leftHand: 1, rightHand: nil)])
        #expect(crowded.unmatchedHands == [0])
        let both = PersonAssembly(poses: [Self.body(at: 500)], faces: [],
                                  hands: [Self.hand(wristAt: 480, 500), Self.hand(wristAt: 582, 502)],
                                  imageWidth: 1000, imageHeight: 1000)
        #expect(both.people == [.init(pose: 0, face: nil, leftHand: 1, rightHand: 0)])
    }

    @Test func farOrDegenerateInputsMatchNothing() {
        let assembly = PersonAssembly(poses: [Self.body(at: 500), []], faces: [Self.face(noseAt: 500, 260), []],
                                      hands: [Self.hand(wristAt: 500, 700), []], imageWidth: 1000, imageHeight: 1000)
        // The face's nose is 60 px (a face width) below the body's: too far.
        #expect(assembly.people == [.init(pose: 0), .init(pose: 1)])
        #expect(assembly.unmatchedFaces == [0, 1] && assembly.unmatchedHands == [0, 1])
        let empty = PersonAssembly(poses: [], faces: [], hands: [], imageWidth: 0, imageHeight: 0)
        #expect(empty.people.isEmpty && empty.unmatchedFaces.isEmpty && empty.unmatchedHands.isEmpty)
    }
}

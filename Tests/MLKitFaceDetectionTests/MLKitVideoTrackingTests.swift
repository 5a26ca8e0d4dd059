import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// With tracking on, the analyzer follows faces by their loop-back ROIs and runs the face
/// detector only as the tracker's redetecting schedule says (`ObjectTracker`); the tracked results match independent images.
@Suite(.serialized) struct MLKitVideoTrackingTests {
    static func analyzer(_ options: MLKitFaceOptions) throws -> MLKitFaceAnalyzer {
        try MLKitFaceAnalyzer(bundlePath: Assets.model("face_landmarker.task").path, options: options)
    }

    @Test func trackedFramesSkipTheDetectorAndMatchImageMode() throws {
        let astronaut = PipelineImage(try MLKitTestImages.load("astronaut.png"))
        let still = try Self.analyzer(MLKitFaceOptions(landmarks: true, classification: true))
        let reference = try #require(try still.analyze(astronaut).first)
        let video = try Self.analyzer(MLKitFaceOptions(landmarks: true, classification: true, tracking: true))
        let frames = 12
        var ids = Set<Int>()
        for k in 0..<frames {
            let faces = try video.analyze(astronaut)
            try #require(faces.count == 1, "frame \(k)")
            let face = faces[0]
            ids.insert(try #require(face.trackingID))
            // The loop-back ROI gives the same face as the detector's ROI: frame within a few
            // pixels, angles within 3° (pitch moves by ~2° between the two ROIs).
            #expect(face.frame.intersectionOverUnion(reference.frame) > 0.95, "frame \(k): \(face.frame) vs \(reference.frame)")
            let angles = try #require(face.headAngles), expected = try #require(reference.headAngles)
            #expect(abs(angles.x - expected.x) < 3 && abs(angles.y - expected.y) < 3 && abs(angles.z - expected.z) < 3,
                    "frame \(k): \(angles) vs \(expected)")
            let smiling = try #require(face.classification?.smiling)
            #expect(smiling >= 0.7, "frame \(k)")
            #expect(face.landmarks.keys.sorted { $0.rawValue < $1.rawValue } == reference.landmarks.keys.sorted { $0.rawValue < $1.rawValue })
        }
        #expect(ids.count == 1)
        // Detector on frames 0, 5 and 10 (every `redetectionInterval` frames); one mesh per frame.
        let interval = MLKitFaceAnalyzer.redetectionInterval
        #expect(video.detectorRuns == (frames + interval - 1) / interval)
        #expect(video.meshRuns == frames)
        // Tracking off: every call is an independent image, with its own detector run.
        for _ in 0..<3 { _ = try still.analyze(astronaut) }
        #expect(still.detectorRuns == 4)
        // The blendshapes model is loaded only for classification.
        #expect(video.loadsBlendshapesModel)
        #expect(try !Self.analyzer(MLKitFaceOptions(landmarks: true, tracking: true)).loadsBlendshapesModel)
    }

    /// `.accurate` with tracking: t1's six small faces are tracked by their ROIs, and the costly
    /// small-faces search runs every `redetectionInterval` frames only.
    @Test func accurateTrackingKeepsTheSixFacesOfT1() throws {
        let t1 = PipelineImage(try MLKitTestImages.load("t1.jpg"))
        let video = try Self.analyzer(MLKitFaceOptions(accurate: true, minFaceSize: 0.05, tracking: true))
        var ids: Set<Int>?
        for k in 0..<6 {
            let faces = try video.analyze(t1)
            try #require(faces.count == 6, "frame \(k)")
            let frameIDs = Set(faces.compactMap(\.trackingID))
            #expect(frameIDs.count == 6)
            if ids == nil { ids = frameIDs }
            #expect(frameIDs == ids, "frame \(k)")
        }
        #expect(video.detectorRuns == 2)
        #expect(video.meshRuns == 6 * 6)
    }

    /// A face that jumps away from its ROI is lost and found again by the detector in the same
    /// frame; a face that leaves is dropped in the frame it leaves.
    @Test func aLostFaceIsSoughtInTheSameFrame() throws {
        let astronaut = try MLKitTestImages.load("astronaut.png")
        let found = try #require(try Self.analyzer(MLKitFaceOptions()).analyze(PipelineImage(astronaut)).first)
        let face = try MLKitTestImages.crop(astronaut, x: Int(found.frame.x + found.frame.width / 2) - 100,
                                            y: Int(found.frame.y + found.frame.height / 2) - 100, width: 200, height: 200)
        let video = try Self.analyzer(MLKitFaceOptions(tracking: true))
        func frame(_ x: Int, _ y: Int) throws -> PipelineImage {
            PipelineImage(try MLKitTestImages.canvas(width: 640, height: 480, pieces: [(face, x, y)]))
        }
        let first = try video.analyze(try frame(20, 20))
        let tracked = try video.analyze(try frame(26, 22))
        #expect(first.count == 1 && tracked.count == 1)
        #expect(video.detectorRuns == 1)
        let jumped = try video.analyze(try frame(400, 250))
        #expect(jumped.count == 1)
        #expect(video.detectorRuns == 2)
        let box = try #require(jumped.first).frame
        #expect(box.x > 400 && box.x + box.width < 600)
        let empty = try video.analyze(PipelineImage(try MLKitTestImages.canvas(width: 640, height: 480, pieces: [])))
        #expect(empty.isEmpty)
        #expect(video.detectorRuns == 3)
    }
}

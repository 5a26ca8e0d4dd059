import Foundation
import Imaging
import MLKitFaceDetection
import MLKitVision
import Testing
import TestSupport
import VisionPipeline

/// Tracking IDs over a synthetic video: two real face crops moving on a canvas.
@Suite(.serialized) struct MLKitTrackingTests {
    @Test func idsStayWithTheirFacesAndNewFacesGetNewIDs() throws {
        let astronaut = try MLKitTestImages.load("astronaut.png")
        let detector = MLKitFaceDetectorTests.detector { $0.isTrackingEnabled = true }
        let found = try #require(try detector.results(in: VisionImage(image: astronaut)).first)
        // A 200×200 crop around the face, and its mirror image as the second person.
        let side = 200
        let x = Int(found.frame.midX) - side / 2, y = Int(found.frame.midY) - side / 2
        let faceA = try MLKitTestImages.crop(astronaut, x: x, y: y, width: side, height: side)
        let faceB = try faceA.oriented(.upMirrored)
        let tracker = MLKitFaceDetectorTests.detector { $0.isTrackingEnabled = true }
        var idA: Int?, idB: Int?, idC: Int?
        for k in 0..<40 {
            let aPosition = (x: 20 + 6 * k, y: 30)
            let bPosition = (x: 420 - 5 * k, y: 250)
            var pieces = [(image: faceA, x: aPosition.x, y: aPosition.y)]
            if k < 30 { pieces.append((faceB, bPosition.x, bPosition.y)) }
            let cPosition = (x: 60 + 3 * (k - 34), y: 260)
            if k >= 34 { pieces.append((faceB, cPosition.x, cPosition.y)) }
            let frame = try MLKitTestImages.canvas(width: 680, height: 480, pieces: pieces)
            let faces = try tracker.results(in: VisionImage(image: frame))
            // While every face is tracked the detector runs every `redetectionInterval` frames, so
            // face C, entering at frame 34, may be reported up to that many frames late.
            let cMayBeLate = k >= 34 && k < 34 + MLKitFaceAnalyzer.redetectionInterval && idC == nil
            let cSeen = k >= 34 && faces.count == pieces.count
            try #require(faces.count == pieces.count || (cMayBeLate && faces.count == pieces.count - 1),
                         "frame \(k): \(faces.count) faces")
            #expect(faces.allSatisfy { $0.hasTrackingID })
            func id(near position: (x: Int, y: Int)) throws -> Int {
                let centre = CGPoint(x: position.x + side / 2, y: position.y + side / 2)
                return try #require(faces.first { $0.frame.contains(centre) }, "frame \(k)").trackingID
            }
            let a = try id(near: aPosition)
            if idA == nil { idA = a }
            #expect(a == idA, "frame \(k): face A changed ID")
            if k < 30 {
                let b = try id(near: bPosition)
                if idB == nil { idB = b }
                #expect(b == idB, "frame \(k): face B changed ID")
            }
            if cSeen {
                let c = try id(near: cPosition)
                if idC == nil { idC = c }
                #expect(c == idC, "frame \(k): face C changed ID")
            }
        }
        print("tracking IDs: A \(idA ?? -1), B \(idB ?? -1), C \(idC ?? -1)")
        #expect(idC != nil)
        #expect(idA != idB)
        #expect(idC != idA && idC != idB)
        // Tracking off: no IDs.
        let untracked = try #require(try detector.results(in: VisionImage(image: astronaut)).first)
        #expect(untracked.hasTrackingID)
        let off = try #require(try MLKitFaceDetectorTests.detector { _ in }.results(in: VisionImage(image: astronaut)).first)
        #expect(!off.hasTrackingID && off.trackingID == 0)
    }
}

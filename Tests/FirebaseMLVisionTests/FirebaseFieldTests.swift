import Firebase
import Foundation
import Imaging
import Testing
import TestSupport

@Suite struct FirebaseFieldTests {
    /// Contours with `.all`; Euler Y only in `.accurate`; EXIF metadata orientation; NSNumber points.
    @Test func contoursMetadataAndEulerAvailability() throws {
        let image = try ImageDecoder.decode(contentsOfFile: Assets.image("astronaut.png").path).image
        let options = VisionFaceDetectorOptions()
        options.contourMode = .all
        let face = try #require(try Vision.vision().faceDetector(options: options).results(in: VisionImage(image: image)).first)
        #expect(face.contour(ofType: .all)?.points.count == 133)
        #expect(face.contour(ofType: .face)?.points.count == 36)
        #expect(face.contour(ofType: .leftEye)?.points.count == 16)
        #expect(face.contour(ofType: .upperLipTop)?.points.count == 11)
        let point = try #require(face.contour(ofType: .noseBottom)?.points.first)
        #expect(point.z == nil && point.x.doubleValue > 0 && point.y.doubleValue > 0)
        #expect(face.hasHeadEulerAngleZ && !face.hasHeadEulerAngleY)
        #expect(face.landmark(ofType: .leftEye) == nil && !face.hasTrackingID)
        #expect(FaceLandmarkType("LeftEye") == .leftEye)

        // EXIF 6 (rightTop): stored turned; results come back in the stored grid.
        let stored = try image.oriented(.left)
        let turnedImage = VisionImage(image: stored)
        let metadata = VisionImageMetadata()
        metadata.orientation = .rightTop
        turnedImage.metadata = metadata
        let turned = try #require(try Vision.vision().faceDetector(options: options).results(in: turnedImage).first)
        let a = try #require(face.contour(ofType: .all)).points, b = try #require(turned.contour(ofType: .all)).points
        let w = Double(image.width)
        for (p, q) in zip(a, b) {
            #expect(abs(q.x.doubleValue - p.y.doubleValue) < 2 && abs(q.y.doubleValue - (w - p.x.doubleValue)) < 2)
        }
        #expect(VisionDetectorImageOrientation.allCases.map(\.rawValue) == Array(1...8))

        let accurate = VisionFaceDetectorOptions()
        accurate.performanceMode = .accurate
        accurate.isTrackingEnabled = true
        let detector = Vision.vision().faceDetector(options: accurate)
        let first = try #require(try detector.results(in: VisionImage(image: image)).first)
        let second = try #require(try detector.results(in: VisionImage(image: image)).first)
        #expect(first.hasHeadEulerAngleY && first.hasTrackingID && second.trackingID == first.trackingID)
    }
}

import Firebase
import Foundation
import Imaging
import Testing
import TestSupport
import VisionPipeline

/// The Swift snippets of the Firebase ML Vision guide (seed 003) in a view-controller-like class.
/// Only the loading of the guide's `UIImage` from a file is added, and the guide's `image` /
/// `visionImage` names are joined; `record(…)` lines are added to check the values.
final class FirebaseSeedViewController: @unchecked Sendable {
    lazy var vision = Vision.vision()
    var recorded: [String: Double] = [:]
    var faceCount = 0
    var contourPoints = 0
    var error: Error?

    func record(_ name: String, _ value: Double) { recorded[name] = value }

    func detect(path: String, done: @escaping @Sendable () -> Void) throws {
        FirebaseApp.configure()
        // High-accuracy landmark detection and face classification
        let options = VisionFaceDetectorOptions()
        options.performanceMode = .accurate
        options.landmarkMode = .all
        options.classificationMode = .all

        let faceDetector = vision.faceDetector(options: options)

        guard let uiImage = UIImage(contentsOfFile: path) else { throw CocoaError(.fileReadCorruptFile) }  // added: loading
        let visionImage = VisionImage(image: uiImage)                       // adapted: `image` → `visionImage`

        faceDetector.process(visionImage) { faces, error in
          self.error = error
          guard error == nil, let faces = faces, !faces.isEmpty else {
            // ...
            done()
            return
          }

          // Faces detected
          self.faceCount = faces.count
          for face in faces {
            let frame = face.frame
            self.record("frame.width", Double(frame.width))
            if face.hasHeadEulerAngleY {
              let rotY = face.headEulerAngleY  // Head is rotated to the right rotY degrees
              self.record("rotY", Double(rotY))
            }
            if face.hasHeadEulerAngleZ {
              let rotZ = face.headEulerAngleZ  // Head is rotated upward rotZ degrees
              self.record("rotZ", Double(rotZ))
            }

            // If landmark detection was enabled (mouth, ears, eyes, cheeks, and
            // nose available):
            if let leftEye = face.landmark(ofType: .leftEye) {
              let leftEyePosition = leftEye.position
              self.record("leftEye.x", leftEyePosition.x.doubleValue)
            }

            // If contour detection was enabled:
            if let leftEyeContour = face.contour(ofType: .leftEye) {
              let leftEyePoints = leftEyeContour.points
              self.contourPoints += leftEyePoints.count
            }
            if let upperLipBottomContour = face.contour(ofType: .upperLipBottom) {
              let upperLipBottomPoints = upperLipBottomContour.points
              self.contourPoints += upperLipBottomPoints.count
            }

            // If classification was enabled:
            if face.hasSmilingProbability {
              let smileProb = face.smilingProbability
              self.record("smileProb", Double(smileProb))
            }
            if face.hasRightEyeOpenProbability {
              let rightEyeOpenProb = face.rightEyeOpenProbability
              self.record("rightEyeOpenProb", Double(rightEyeOpenProb))
            }

            // If face tracking was enabled:
            if face.hasTrackingID {
              let trackingId = face.trackingID
              self.record("trackingId", Double(trackingId))
            }
          }
          done()
        }
    }
}

@Suite(.serialized) struct FirebaseMLVisionTests {

    @Test func guideSnippetRunsOnARealImage() async throws {
        let controller = FirebaseSeedViewController()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            do {
                try controller.detect(path: Assets.image("astronaut.png").path) { continuation.resume() }
            } catch {
                Issue.record("loading failed: \(error)")
                continuation.resume()
            }
        }
        #expect(controller.error == nil)
        #expect(controller.faceCount == 1)
        for key in ["frame.width", "rotY", "rotZ", "leftEye.x", "smileProb", "rightEyeOpenProb"] {
            #expect(controller.recorded[key] != nil, "\(key)")
        }
        #expect((controller.recorded["smileProb"] ?? 0) >= 0.7)
        #expect(controller.recorded["trackingId"] == nil && controller.contourPoints == 0)
    }

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

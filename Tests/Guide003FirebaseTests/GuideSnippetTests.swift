import Firebase
import Foundation
import Imaging
import Testing
import TestSupport

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

@Suite(.serialized) struct FirebaseGuideSnippetTests {

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
}

import Foundation
import MLKit
import Testing
import TestSupport

/// The Swift snippets of the ML Kit guide (seed 001, Turkish: ML Kit face detection for iOS), pasted
/// into a view-controller-like class, with `import MLKit` as the guide.
/// Only the loading of the guide's `image` from a file is added; the `record(…)` lines are added so that the snippet's otherwise unused values are checked (and the
/// build stays warning-free).
final class MLKitSeedViewController: @unchecked Sendable {
    var recorded: [String: CGFloat] = [:]
    var faceCount = 0
    var points: [VisionPoint] = []
    var error: Error?

    func record(_ name: String, _ value: CGFloat) { recorded[name] = value }

    func detect(path: String, done: @escaping @Sendable () -> Void) throws {
        // High-accuracy landmark detection and face classification
        let options = FaceDetectorOptions()
        options.performanceMode = .accurate
        options.landmarkMode = .all
        options.classificationMode = .all

        // Real-time contour detection of multiple faces
        // options.contourMode = .all

        guard let image = UIImage(contentsOfFile: path) else { throw CocoaError(.fileReadCorruptFile) }  // added: the guide's `image`
        let visionImage = VisionImage(image: image)
        visionImage.orientation = image.imageOrientation

        let faceDetector = FaceDetector.faceDetector(options: options)

        weak let weakSelf = self  // the guide has `weak var`; Swift 6.2+ warns that it is never mutated
        faceDetector.process(visionImage) { faces, error in
          guard let strongSelf = weakSelf else {
            print("Self is nil!")
            done()
            return
          }
          strongSelf.error = error
          guard error == nil, let faces = faces, !faces.isEmpty else {
            // ...
            done()
            return
          }

          // Faces detected
          strongSelf.faceCount = faces.count
          for face in faces {
            let frame = face.frame
            strongSelf.record("frame.width", frame.width)
            if face.hasHeadEulerAngleX {
              let rotX = face.headEulerAngleX  // Head is rotated to the uptoward rotX degrees
              strongSelf.record("rotX", rotX)
            }
            if face.hasHeadEulerAngleY {
              let rotY = face.headEulerAngleY  // Head is rotated to the right rotY degrees
              strongSelf.record("rotY", rotY)
            }
            if face.hasHeadEulerAngleZ {
              let rotZ = face.headEulerAngleZ  // Head is tilted sideways rotZ degrees
              strongSelf.record("rotZ", rotZ)
            }

            // If landmark detection was enabled (mouth, ears, eyes, cheeks, and
            // nose available):
            if let leftEye = face.landmark(ofType: .leftEye) {
              let leftEyePosition = leftEye.position
              strongSelf.record("leftEye.x", leftEyePosition.x)
            }

            // If contour detection was enabled:
            if let leftEyeContour = face.contour(ofType: .leftEye) {
              let leftEyePoints = leftEyeContour.points
              strongSelf.points += leftEyePoints
            }
            if let upperLipBottomContour = face.contour(ofType: .upperLipBottom) {
              let upperLipBottomPoints = upperLipBottomContour.points
              strongSelf.points += upperLipBottomPoints
            }

            // If classification was enabled:
            if face.hasSmilingProbability {
              let smileProb = face.smilingProbability
              strongSelf.record("smileProb", smileProb)
            }
            if face.hasRightEyeOpenProbability {
              let rightEyeOpenProb = face.rightEyeOpenProbability
              strongSelf.record("rightEyeOpenProb", rightEyeOpenProb)
            }

            // If face tracking was enabled:
            if face.hasTrackingID {
              let trackingId = face.trackingID
              strongSelf.record("trackingId", CGFloat(trackingId))
            }
          }
          done()
        }
    }
}

@Suite(.serialized) struct MLKitSeedSnippetTests {
    @Test func guideSnippetRunsOnARealImage() async throws {
        let controller = MLKitSeedViewController()
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
        for key in ["frame.width", "rotX", "rotY", "rotZ", "leftEye.x", "smileProb", "rightEyeOpenProb"] {
            #expect(controller.recorded[key] != nil, "\(key)")
        }
        #expect((controller.recorded["smileProb"] ?? 0) >= 0.7)
        #expect(controller.recorded["trackingId"] == nil && controller.points.isEmpty)  // neither enabled
    }
}

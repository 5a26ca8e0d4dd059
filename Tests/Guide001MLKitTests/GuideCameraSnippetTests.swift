import Foundation
import Imaging
import MLKit
import Testing
import TestSupport

// Stand-ins for the iOS SDK types that the guide's camera snippet names (UIKit, AVFoundation), so
// that the snippet compiles as printed. They belong to this test only, not to our API.
enum UIDeviceOrientation { case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown }
final class UIDevice: @unchecked Sendable {
    static let current = UIDevice()
    var orientation = UIDeviceOrientation.portrait
}
enum AVCaptureDevice { enum Position { case unspecified, back, front } }

/// The camera part of the ML Kit guide (seed 001, step 2): its orientation function and the
/// `VisionImage(buffer:)` lines as printed, on a real `CMSampleBuffer` (AppleShims'): an NV12
/// pixel buffer made from a real photo, stored as the sensor would hold it.
final class MLKitSeedCameraController {
    var cameraPosition = AVCaptureDevice.Position.back

    func imageOrientation(
      deviceOrientation: UIDeviceOrientation,
      cameraPosition: AVCaptureDevice.Position
    ) -> UIImage.Orientation {
      switch deviceOrientation {
      case .portrait:
        return cameraPosition == .front ? .leftMirrored : .right
      case .landscapeLeft:
        return cameraPosition == .front ? .downMirrored : .up
      case .portraitUpsideDown:
        return cameraPosition == .front ? .rightMirrored : .left
      case .landscapeRight:
        return cameraPosition == .front ? .upMirrored : .down
      case .faceDown, .faceUp, .unknown:
        return .up
      }
    }

    func faces(in sampleBuffer: CMSampleBuffer, options: FaceDetectorOptions) throws -> [Face] {
        let image = VisionImage(buffer: sampleBuffer)
        image.orientation = imageOrientation(
          deviceOrientation: UIDevice.current.orientation,
          cameraPosition: cameraPosition)
        // The guide's real-time advice: the synchronous API for video frames.
        let faceDetector = FaceDetector.faceDetector(options: options)
        return try faceDetector.results(in: image)
    }
}

@Suite(.serialized) struct MLKitSeedCameraSnippetTests {
    /// A portrait frame from the back camera (`.right`) and from the front camera
    /// (`.leftMirrored`), as NV12 buffers: the same face as the upright photo, in the buffer's
    /// own pixel grid, with the upright picture's head angles.
    @Test func cameraSnippetRunsOnPortraitBuffers() throws {
        let upright = try ImageDecoder.decode(contentsOfFile: Assets.image("astronaut.png").path).image.converted(to: .rgb8)
        let options = FaceDetectorOptions()
        options.landmarkMode = .all
        let reference = try #require(try FaceDetector.faceDetector(options: options).results(in: VisionImage(image: upright)).first)
        let controller = MLKitSeedCameraController()
        #expect(UIDevice.current.orientation == .portrait)
        for (position, stored) in [(AVCaptureDevice.Position.back, Orientation.left), (.front, .leftMirrored)] {
            controller.cameraPosition = position
            // Pixels stored so that the snippet's orientation turns them upright.
            let buffer = try upright.oriented(stored).converted(to: .nv12)
            let pixelBuffer = try #require(CVPixelBuffer(image: buffer))
            #expect(CVPixelBufferGetPixelFormatType(pixelBuffer) == kCVPixelFormatType_420YpCbCr8BiPlanarVideoRange)
            let sampleBuffer = CMSampleBuffer(imageBuffer: pixelBuffer, presentationTimeStamp: CMTimeMake(value: 0, timescale: 600))
            let faces = try controller.faces(in: sampleBuffer, options: options)
            try #require(faces.count == 1, "\(position)")
            let face = faces[0]
            print("\(position): frame \(face.frame), Z \(face.headEulerAngleZ) vs \(reference.headEulerAngleZ)")
            #expect(abs(face.headEulerAngleZ - reference.headEulerAngleZ) < 2 && abs(face.headEulerAngleY - reference.headEulerAngleY) < 2)
            // Both portrait orientations swap the axes: the frame is the upright one transposed.
            #expect(abs(face.frame.width - reference.frame.height) < 3 && abs(face.frame.height - reference.frame.width) < 3)
            #expect(face.frame.maxX <= CGFloat(buffer.width) && face.frame.maxY <= CGFloat(buffer.height))
            // Back camera: stored (x, y) = (upright y, W − upright x); front: (upright y, upright x).
            let eye = try #require(face.landmark(ofType: .leftEye)).position
            let expected = try #require(reference.landmark(ofType: .leftEye)).position
            let w = CGFloat(upright.width)
            let expectedX = expected.y, expectedY = position == .back ? w - expected.x : expected.x
            #expect(abs(eye.x - expectedX) < 3 && abs(eye.y - expectedY) < 3, "\(position): \(eye.x), \(eye.y)")
        }
    }
}

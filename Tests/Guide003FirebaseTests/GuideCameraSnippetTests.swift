import Firebase
import Foundation
import Imaging
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

/// The camera part of the Firebase guide (seed 003, step 2) as printed: the orientation
/// function, the metadata, `VisionImage(buffer:)`, and the real-time contour options. The sample
/// buffer is a real `CMSampleBuffer` (AppleShims'): an NV12 pixel buffer made from a real photo.
final class FirebaseSeedCameraController {
    lazy var vision = Vision.vision()

    func imageOrientation(
        deviceOrientation: UIDeviceOrientation,
        cameraPosition: AVCaptureDevice.Position
        ) -> VisionDetectorImageOrientation {
        switch deviceOrientation {
        case .portrait:
            return cameraPosition == .front ? .leftTop : .rightTop
        case .landscapeLeft:
            return cameraPosition == .front ? .bottomLeft : .topLeft
        case .portraitUpsideDown:
            return cameraPosition == .front ? .rightBottom : .leftBottom
        case .landscapeRight:
            return cameraPosition == .front ? .topRight : .bottomRight
        case .faceDown, .faceUp, .unknown:
            return .leftTop
        }
    }

    func faces(in sampleBuffer: CMSampleBuffer) throws -> [VisionFace] {
        FirebaseApp.configure()
        // Real-time contour detection of multiple faces
        let options = VisionFaceDetectorOptions()
        options.contourMode = .all

        let faceDetector = vision.faceDetector(options: options)

        let cameraPosition = AVCaptureDevice.Position.back  // Set to the capture device you used.
        let metadata = VisionImageMetadata()
        metadata.orientation = imageOrientation(
            deviceOrientation: UIDevice.current.orientation,
            cameraPosition: cameraPosition
        )

        let image = VisionImage(buffer: sampleBuffer)
        image.metadata = metadata
        return try faceDetector.results(in: image)
    }
}

@Suite(.serialized) struct FirebaseSeedCameraSnippetTests {
    /// A portrait back-camera frame (EXIF 6, `.rightTop`) as an NV12 buffer: the face of the
    /// upright photo, with its 133 contour points in the buffer's own pixel grid.
    @Test func cameraSnippetRunsOnAPortraitBuffer() throws {
        let upright = try ImageDecoder.decode(contentsOfFile: Assets.image("astronaut.png").path).image.converted(to: .rgb8)
        let contourOptions = VisionFaceDetectorOptions()
        contourOptions.contourMode = .all
        let reference = try #require(try Vision.vision().faceDetector(options: contourOptions).results(in: VisionImage(image: upright)).first)
        // Stored as the sensor holds a portrait frame: a 90° clockwise turn makes it upright.
        let buffer = try upright.oriented(.left).converted(to: .nv12)
        let pixelBuffer = try #require(CVPixelBuffer(image: buffer))
        let faces = try FirebaseSeedCameraController().faces(in: CMSampleBuffer(imageBuffer: pixelBuffer,
                                                                                presentationTimeStamp: CMTimeMake(value: 0, timescale: 600)))
        try #require(faces.count == 1)
        let points = try #require(faces[0].contour(ofType: .all)).points
        let expected = try #require(reference.contour(ofType: .all)).points
        #expect(points.count == 133)
        // Stored (x, y) = (upright y, W − upright x).
        let w = Double(upright.width)
        var worst = 0.0
        for (p, q) in zip(expected, points) {
            worst = max(worst, abs(q.x.doubleValue - p.y.doubleValue), abs(q.y.doubleValue - (w - p.x.doubleValue)))
        }
        print("Firebase camera snippet: worst contour point offset \(worst) px")
        #expect(worst < 3)
        #expect(abs(faces[0].headEulerAngleZ - reference.headEulerAngleZ) < 2)
    }
}

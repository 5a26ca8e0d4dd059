import Foundation
import MLKitFaceDetection
import MLKitVision
import Testing

/// The README's "Using the library" ML Kit snippet, as printed (only `image` is given).
@Suite struct ReadmeSnippetTests {
    @Test func readmeSnippetRuns() throws {
        let image = try #require(UIImage(named: "assets/images/astronaut.png"))

        let visionImage = VisionImage(image: image)
        visionImage.orientation = image.imageOrientation
        let faces = try FaceDetector.faceDetector(options: FaceDetectorOptions()).results(in: visionImage)

        #expect(faces.count == 1)
    }
}

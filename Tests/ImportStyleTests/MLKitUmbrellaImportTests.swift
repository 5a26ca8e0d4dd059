// As the ML Kit samples import it: the umbrella `import MLKit`.
import MLKit
import Testing

/// The umbrella brings both ML Kit modules and the Apple types.
@Suite struct MLKitUmbrellaImportTests {
    @Test func theGuidesTypesResolve() {
        #expect(String(reflecting: VisionImage.self) == "MLKitVision.VisionImage")
        #expect(String(reflecting: VisionPoint.self) == "MLKitVision.VisionPoint")
        #expect(String(reflecting: MLImage.self) == "MLKitVision.MLImage")
        #expect(String(reflecting: FaceDetector.self) == "MLKitFaceDetection.FaceDetector")
        #expect(String(reflecting: Face.self) == "MLKitFaceDetection.Face")
        #expect(String(reflecting: CMSampleBuffer.self) == "AppleShims.CMSampleBuffer")
    }
}

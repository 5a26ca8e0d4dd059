// As iOS ML Kit code imports it: `MLKitFaceDetection` beside `MLKitVision`.
import MLKitFaceDetection
import MLKitVision
import Testing

/// Every public type the ML Kit guide (001) names resolves through the two modules.
@Suite struct MLKitImportTests {
    @Test func theGuidesTypesResolve() {
        let types: [Any.Type] = [
            FaceDetector.self, FaceDetectorOptions.self, Face.self, FaceLandmark.self, FaceLandmarkType.self, FaceContour.self,
            FaceContourType.self, VisionImage.self, VisionPoint.self, MLImage.self, (any MLKitCompatibleImage).self,
            UIImage.self, UIImage.Orientation.self, CMSampleBuffer.self, CVPixelBuffer.self,
        ]
        #expect(types.count == 15)
        #expect(String(reflecting: VisionImage.self) == "MLKitVision.VisionImage")
        #expect(String(reflecting: FaceDetector.self) == "MLKitFaceDetection.FaceDetector")
        #expect(String(reflecting: UIImage.self) == "AppleShims.UIImage")
    }
}

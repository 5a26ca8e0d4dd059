// As Firebase code imports it: `import Firebase`.
import Firebase
import Testing

/// Every public type the Firebase guide (003) names resolves through `import Firebase`.
@Suite struct FirebaseImportTests {
    @Test func theGuidesTypesResolve() {
        let types: [Any.Type] = [
            FirebaseApp.self, Vision.self, VisionFaceDetector.self, VisionFaceDetectorOptions.self, VisionFace.self,
            VisionFaceLandmark.self, VisionFaceContour.self, FaceLandmarkType.self, FaceContourType.self, VisionImage.self,
            VisionImageMetadata.self, VisionDetectorImageOrientation.self, VisionPoint.self, UIImage.self, CMSampleBuffer.self,
        ]
        #expect(types.count == 15)
        #expect(String(reflecting: VisionImage.self) == "FirebaseMLVision.VisionImage")
        #expect(String(reflecting: Vision.self) == "FirebaseMLVision.Vision")
        #expect(String(reflecting: UIImage.self) == "AppleShims.UIImage")
    }
}

// As iOS code imports it: `import MediaPipeTasksVision` alone (no UIKit, CoreVideo or CoreMedia).
import MediaPipeTasksVision
import Testing

/// Every public type the MediaPipe guides (000, 002, 004) name resolves through
/// `import MediaPipeTasksVision`, to the module that defines it.
@Suite struct MediaPipeImportTests {
    @Test func theGuidesTypesResolve() {
        let types: [Any.Type] = [
            FaceLandmarker.self, FaceLandmarkerOptions.self, FaceLandmarkerResult.self, (any FaceLandmarkerLiveStreamDelegate).self,
            PoseLandmarker.self, PoseLandmarkerOptions.self, PoseLandmarkerResult.self, (any PoseLandmarkerLiveStreamDelegate).self,
            FaceDetector.self, FaceDetectorOptions.self, FaceDetectorResult.self, (any FaceDetectorLiveStreamDelegate).self,
            MPImage.self, MPImageSourceType.self, RunningMode.self, BaseOptions.self, Delegate.self, TasksErrorCode.self,
            NormalizedLandmark.self, Landmark.self, Classifications.self, ResultCategory.self, TransformMatrix.self, Mask.self,
            Connection.self, Detection.self, NormalizedKeypoint.self,
            UIImage.self, UIImage.Orientation.self, CVPixelBuffer.self, CMSampleBuffer.self, CMTime.self,
        ]
        let modules = Set(types.map { String(reflecting: $0).replacingOccurrences(of: "any ", with: "").split(separator: ".")[0] })
        #expect(modules == ["MediaPipeTasksVision", "AppleShims", "Imaging"])
        #expect(String(reflecting: UIImage.self) == "AppleShims.UIImage")
        #expect(String(reflecting: FaceDetector.self) == "MediaPipeTasksVision.FaceDetector")
    }
}

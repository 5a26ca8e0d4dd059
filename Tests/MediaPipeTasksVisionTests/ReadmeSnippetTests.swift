import Foundation
import MediaPipeTasksVision
import Testing
import TestSupport

/// The README's "Using the library" MediaPipe snippet, as printed (only `modelPath` is given).
@Suite struct ReadmeSnippetTests {
    @Test func readmeSnippetRuns() throws {
        let modelPath = Assets.model("face_landmarker.task").path
        var counts: [Int] = []
        func print(_ count: Int) { counts.append(count) }

        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = modelPath          // on iOS: Bundle.main.path(forResource: "face_landmarker", ofType: "task")
        options.outputFaceBlendshapes = true
        options.outputFacialTransformationMatrixes = true
        let landmarker = try FaceLandmarker(options: options)
        let image = UIImage(named: "assets/images/astronaut.png")!   // the app bundle, else the working directory
        let result = try landmarker.detect(image: try MPImage(uiImage: image))
        for face in result.faceLandmarks { print(face.count) }   // 478 landmarks, normalized to the image

        #expect(counts == [478])
        #expect(result.faceBlendshapes.count == 1 && result.facialTransformationMatrixes.count == 1)
    }
}

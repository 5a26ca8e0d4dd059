// The Swift code of the user's MediaPipe guides (/work/shared/seeds/): the Face Landmarker guide
// for iOS (002, Spanish; 000 is the Turkish translation of the same page, with identical code)
// and the Pose Landmarker guide for iOS (004, Persian). Each snippet is pasted unchanged inside
// a function that supplies the variables the guide leaves to the reader (the confidences,
// `numFaces`, the image, the timestamp), except for the lines marked ADAPTED:
//
// * the image-loading line: the guides only say "Load an image on the user's device as an iOS
//   `UIImage` object"; here `UIImage(contentsOfFile:)` of this package's `UIImage`;
// * the model-path line: `Bundle.main.path(forResource:ofType:)` finds nothing outside an app
//   bundle, and it returns `String?`, which cannot be assigned to the non-optional
//   `modelAssetPath` (the guide's snippet does not compile on iOS either; the sample app unwraps
//   it with `guard let`).
//
// Then the snippets run on a real picture.

import Foundation
import MediaPipeTasksVision
import Testing

// MARK: - Seed 002 (Face Landmarker guide), "live stream" tab: the delegate class, verbatim

// Class that conforms to the `FaceLandmarkerLiveStreamDelegate` protocol and
// implements the method that the face landmarker calls once it finishes
// performing face landmark detection in each input frame.
class FaceLandmarkerResultProcessor: NSObject, FaceLandmarkerLiveStreamDelegate {

  func faceLandmarker(
    _ faceLandmarker: FaceLandmarker,
    didFinishDetection result: FaceLandmarkerResult?,
    timestampInMilliseconds: Int,
    error: Error?) {

    // Process the face landmarker result or errors here.
    SeedResults.faceCallbacks.withValue { $0.append(result?.faceLandmarks.count ?? -1) }
  }
}

// MARK: - Seed 004 (Pose Landmarker guide), "live stream" tab: the delegate class, verbatim

// Class that conforms to the `PoseLandmarkerLiveStreamDelegate` protocol and
// implements the method that the pose landmarker calls once it finishes
// performing pose landmark detection in each input frame.
class PoseLandmarkerResultProcessor: NSObject, PoseLandmarkerLiveStreamDelegate {

  func poseLandmarker(
    _ poseLandmarker: PoseLandmarker,
    didFinishDetection result: PoseLandmarkerResult?,
    timestampInMilliseconds: Int,
    error: Error?) {

    // Process the pose landmarker result or errors here.
    SeedResults.poseCallbacks.withValue { $0.append(result?.landmarks.count ?? -1) }
  }
}

/// What the delegates above saw (the one line added to each "process the result here" body).
enum SeedResults {
    static let faceCallbacks = Locked<[Int]>([])
    static let poseCallbacks = Locked<[Int]>([])
}

/// The guide's free variables.
private let minFaceDetectionConfidence: Float = 0.5
private let minFacePresenceConfidence: Float = 0.5
private let minPoseDetectionConfidence: Float = 0.5
private let minPosePresenceConfidence: Float = 0.5
private let minTrackingConfidence: Float = 0.5
private let numFaces = 1
private let numPoses = 1

@Suite(.serialized) struct SeedSnippetTests {
    /// ADAPTED image-loading line.
    private func loadUserImage() -> UIImage? {
        UIImage(contentsOfFile: TaskModels.astronautPath)
    }

    // MARK: Face Landmarker guide

    private func faceLandmarkerImageMode() throws -> FaceLandmarker {
        let modelPath = TaskModels.faceLandmarker  // ADAPTED model-path line

        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = modelPath
        options.runningMode = .image
        options.minFaceDetectionConfidence = minFaceDetectionConfidence
        options.minFacePresenceConfidence = minFacePresenceConfidence
        options.minTrackingConfidence = minTrackingConfidence
        options.numFaces = numFaces

        let faceLandmarker = try FaceLandmarker(options: options)
        return faceLandmarker
    }

    private func faceLandmarkerVideoMode() throws -> FaceLandmarker {
        let modelPath = TaskModels.faceLandmarker  // ADAPTED model-path line

        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = modelPath
        options.runningMode = .video
        options.minFaceDetectionConfidence = minFaceDetectionConfidence
        options.minFacePresenceConfidence = minFacePresenceConfidence
        options.minTrackingConfidence = minTrackingConfidence
        options.numFaces = numFaces

        let faceLandmarker = try FaceLandmarker(options: options)
        return faceLandmarker
    }

    private func faceLandmarkerLiveStreamMode() throws -> (FaceLandmarker, FaceLandmarkerResultProcessor) {
        let modelPath = TaskModels.faceLandmarker  // ADAPTED model-path line

        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = modelPath
        options.runningMode = .liveStream
        options.minFaceDetectionConfidence = minFaceDetectionConfidence
        options.minFacePresenceConfidence = minFacePresenceConfidence
        options.minTrackingConfidence = minTrackingConfidence
        options.numFaces = numFaces

        // Assign an object of the class to the `faceLandmarkerLiveStreamDelegate`
        // property.
        let processor = FaceLandmarkerResultProcessor()
        options.faceLandmarkerLiveStreamDelegate = processor

        let faceLandmarker = try FaceLandmarker(options: options)
        return (faceLandmarker, processor)
    }

    /// "Preparar los datos" (UIImage) and "Ejecuta la tarea", verbatim after the loading line.
    private func prepareImage(_ image: UIImage) throws -> MPImage {
        // Convert the `UIImage` object to a MediaPipe's Image object having the default
        // orientation `UIImage.Orientation.up`.
        let image = try MPImage(uiImage: image)
        return image
    }

    @Test func faceLandmarkerGuideRunsOnARealImage() throws {
        let image = try prepareImage(try #require(loadUserImage()))

        let faceLandmarker = try faceLandmarkerImageMode()
        let result = try faceLandmarker.detect(image: image)
        #expect(result.faceLandmarks.count == 1 && result.faceLandmarks[0].count == 478)

        let videoLandmarker = try faceLandmarkerVideoMode()
        let timestamp = 0
        let videoResult = try videoLandmarker.detect(
          videoFrame: image,
          timestampInMilliseconds: timestamp)
        #expect(videoResult.faceLandmarks.count == 1)

        SeedResults.faceCallbacks.withValue { $0.removeAll() }
        let (liveLandmarker, processor) = try faceLandmarkerLiveStreamMode()
        try liveLandmarker.detectAsync(
          image: image,
          timestampInMilliseconds: timestamp)
        #expect(waitUntil { SeedResults.faceCallbacks.current == [1] })
        withExtendedLifetime(processor) {}
    }

    // MARK: Pose Landmarker guide

    private func poseLandmarker(_ mode: RunningMode) throws -> (PoseLandmarker, PoseLandmarkerResultProcessor?) {
        switch mode {
        case .image:
            let modelPath = TaskModels.poseLandmarker  // ADAPTED model-path line

            let options = PoseLandmarkerOptions()
            options.baseOptions.modelAssetPath = modelPath
            options.runningMode = .image
            options.minPoseDetectionConfidence = minPoseDetectionConfidence
            options.minPosePresenceConfidence = minPosePresenceConfidence
            options.minTrackingConfidence = minTrackingConfidence
            options.numPoses = numPoses

            let poseLandmarker = try PoseLandmarker(options: options)
            return (poseLandmarker, nil)
        case .video:
            let modelPath = TaskModels.poseLandmarker  // ADAPTED model-path line

            let options = PoseLandmarkerOptions()
            options.baseOptions.modelAssetPath = modelPath
            options.runningMode = .video
            options.minPoseDetectionConfidence = minPoseDetectionConfidence
            options.minPosePresenceConfidence = minPosePresenceConfidence
            options.minTrackingConfidence = minTrackingConfidence
            options.numPoses = numPoses

            let poseLandmarker = try PoseLandmarker(options: options)
            return (poseLandmarker, nil)
        case .liveStream:
            let modelPath = TaskModels.poseLandmarker  // ADAPTED model-path line

            let options = PoseLandmarkerOptions()
            options.baseOptions.modelAssetPath = modelPath
            options.runningMode = .liveStream
            options.minPoseDetectionConfidence = minPoseDetectionConfidence
            options.minPosePresenceConfidence = minPosePresenceConfidence
            options.minTrackingConfidence = minTrackingConfidence
            options.numPoses = numPoses

            // Assign an object of the class to the `poseLandmarkerLiveStreamDelegate`
            // property.
            let processor = PoseLandmarkerResultProcessor()
            options.poseLandmarkerLiveStreamDelegate = processor

            let poseLandmarker = try PoseLandmarker(options: options)
            return (poseLandmarker, processor)
        }
    }

    @Test func poseLandmarkerGuideRunsOnARealImage() throws {
        let image = try prepareImage(try #require(loadUserImage()))
        let timestamp = 0

        let (poseLandmarker, _) = try poseLandmarker(.image)
        let result = try poseLandmarker.detect(image: image)
        #expect(result.landmarks.count == 1 && result.landmarks[0].count == 33 && result.worldLandmarks[0].count == 33)

        let (videoLandmarker, _) = try self.poseLandmarker(.video)
        let videoResult = try videoLandmarker.detect(
          videoFrame: image,
          timestampInMilliseconds: timestamp)
        #expect(videoResult.landmarks.count == 1)

        SeedResults.poseCallbacks.withValue { $0.removeAll() }
        let (liveLandmarker, processor) = try self.poseLandmarker(.liveStream)
        try liveLandmarker.detectAsync(
          image: image,
          timestampInMilliseconds: timestamp)
        #expect(waitUntil { SeedResults.poseCallbacks.current == [1] })
        withExtendedLifetime(processor) {}
    }
}

// The Swift code of the MediaPipe Face Landmarker guide for iOS: 000 (Turkish) and 002 (Spanish)
// are translations of one page with identical code, so this file is the test of both guide targets
// (Guide000FaceLandmarkerTests links to it). Each snippet is pasted unchanged inside a function
// that supplies what the guide leaves to the reader (the confidences, `numFaces`, the image and
// buffers, the timestamp), except for the lines marked ADAPTED, which only say where the pixels
// and the model come from:
//
// * the image: the guide says "Load an image on the user's device as an iOS `UIImage` object";
//   here `UIImage(contentsOfFile:)`. The pixel and sample buffers ("Obtain a CVPixelBuffer",
//   "Obtain a CMSampleBuffer") are made from the same picture;
// * the model path: `Bundle.main.path(forResource:ofType:)` finds nothing outside an app bundle,
//   and it returns `String?`, which cannot be assigned to the non-optional `modelAssetPath` (the
//   guide's snippet does not compile on iOS either; the sample app unwraps it with `guard let`).
//
// Then the snippets run on a real picture.

import Foundation
import Imaging
import Locking
import MediaPipeTasksVision
import Testing
import TestSupport

// MARK: - "live stream" tab: the delegate class, verbatim

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
    GuideResults.callbacks.withLock { $0.append(result?.faceLandmarks.count ?? -1) }
  }
}

/// What the delegate saw (the one line added to its "process the result here" body).
enum GuideResults {
    static let callbacks = Locked<[Int]>([])
}

/// The guide's free variables.
private let minFaceDetectionConfidence: Float = 0.5
private let minFacePresenceConfidence: Float = 0.5
private let minTrackingConfidence: Float = 0.5
private let numFaces = 1

@Suite(.serialized) struct GuideSnippetTests {
    static var modelPath: String { Assets.model("face_landmarker.task").path }
    static var picturePath: String { Assets.image("astronaut.png").path }

    /// ADAPTED image-loading line.
    private func loadUserImage() -> UIImage? {
        UIImage(contentsOfFile: Self.picturePath)
    }

    /// ADAPTED: the buffers the guide obtains from the camera, made from the same picture.
    private func obtainPixelBuffer() throws -> CVPixelBuffer {
        let pixels = try ImageDecoder.decode(contentsOfFile: Self.picturePath).image.converted(to: .bgra8)
        return try #require(CVPixelBuffer(image: pixels))
    }

    private func obtainSampleBuffer() throws -> CMSampleBuffer {
        CMSampleBuffer(imageBuffer: try obtainPixelBuffer(), presentationTimeStamp: CMTimeMake(value: 0, timescale: 30))
    }

    private func faceLandmarker(_ runningMode: RunningMode) throws -> (FaceLandmarker, FaceLandmarkerResultProcessor?) {
        let modelPath = Self.modelPath  // ADAPTED model-path line

        let options = FaceLandmarkerOptions()
        options.baseOptions.modelAssetPath = modelPath
        options.runningMode = runningMode
        options.minFaceDetectionConfidence = minFaceDetectionConfidence
        options.minFacePresenceConfidence = minFacePresenceConfidence
        options.minTrackingConfidence = minTrackingConfidence
        options.numFaces = numFaces

        guard runningMode == .liveStream else { return (try FaceLandmarker(options: options), nil) }
        // Assign an object of the class to the `faceLandmarkerLiveStreamDelegate`
        // property.
        let processor = FaceLandmarkerResultProcessor()
        options.faceLandmarkerLiveStreamDelegate = processor

        let faceLandmarker = try FaceLandmarker(options: options)
        return (faceLandmarker, processor)
    }

    /// "Prepare the data", UIImage tab, verbatim after the loading line.
    private func prepare(_ image: UIImage) throws -> MPImage {
        // Convert the `UIImage` object to a MediaPipe's Image object having the default
        // orientation `UIImage.Orientation.up`.
        let image = try MPImage(uiImage: image)
        return image
    }

    /// "Prepare the data", CVPixelBuffer tab, verbatim after the buffer.
    private func prepare(_ pixelBuffer: CVPixelBuffer) throws -> MPImage {
        // Convert the `CVPixelBuffer` object to a MediaPipe's Image object having the default
        // orientation `UIImage.Orientation.up`.
        let image = try MPImage(pixelBuffer: pixelBuffer)
        return image
    }

    /// "Prepare the data", CMSampleBuffer tab, verbatim after the buffer.
    private func prepare(_ sampleBuffer: CMSampleBuffer) throws -> MPImage {
        // Convert the `CMSampleBuffer` object to a MediaPipe's Image object having the default
        // orientation `UIImage.Orientation.up`.
        let image = try MPImage(sampleBuffer: sampleBuffer)
        return image
    }

    /// "Run the task" in the three modes, on the three kinds of input.
    @Test func guideRunsOnARealPictureFromEachSource() throws {
        let sources = [try prepare(try #require(loadUserImage())), try prepare(try obtainPixelBuffer()),
                       try prepare(try obtainSampleBuffer())]
        for image in sources {
            let (faceLandmarker, _) = try faceLandmarker(.image)
            let result = try faceLandmarker.detect(image: image)
            #expect(result.faceLandmarks.count == 1 && result.faceLandmarks[0].count == 478, "\(image.imageSourceType)")

            let (videoLandmarker, _) = try self.faceLandmarker(.video)
            let timestamp = 0
            let videoResult = try videoLandmarker.detect(
              videoFrame: image,
              timestampInMilliseconds: timestamp)
            #expect(videoResult.faceLandmarks.count == 1)

            GuideResults.callbacks.withLock { $0.removeAll() }
            let (liveLandmarker, processor) = try self.faceLandmarker(.liveStream)
            try liveLandmarker.detectAsync(
              image: image,
              timestampInMilliseconds: timestamp)
            #expect(waitUntil { GuideResults.callbacks.withLock { $0 } == [1] })
            withExtendedLifetime(processor) {}
        }
    }
}

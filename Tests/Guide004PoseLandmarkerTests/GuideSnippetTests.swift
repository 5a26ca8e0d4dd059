// The Swift code of the MediaPipe Pose Landmarker guide for iOS (004, Persian), pasted unchanged
// inside functions that supply what the guide leaves to the reader (the confidences, `numPoses`,
// the image and buffers, the timestamp), except for the lines marked ADAPTED: the image (the
// guide says to load a `UIImage`; here `UIImage(contentsOfFile:)`; the pixel and sample buffers
// it says to obtain are made from the same picture) and the model path (`Bundle.main.path` finds
// nothing outside an app bundle). Then the snippets run on a real picture from each source.

import Foundation
import Imaging
import Locking
import MediaPipeTasksVision
import Testing
import TestSupport

// MARK: - "live stream" tab: the delegate class, verbatim

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
    GuideResults.callbacks.withLock { $0.append(result?.landmarks.count ?? -1) }
  }
}

/// What the delegate saw (the one line added to its "process the result here" body).
enum GuideResults {
    static let callbacks = Locked<[Int]>([])
}

/// The guide's free variables.
private let minPoseDetectionConfidence: Float = 0.5
private let minPosePresenceConfidence: Float = 0.5
private let minTrackingConfidence: Float = 0.5
private let numPoses = 1

@Suite(.serialized) struct GuideSnippetTests {
    /// ADAPTED image-loading line.
    private func loadUserImage() -> UIImage? {
        UIImage(contentsOfFile: Assets.image("astronaut.png").path)
    }

    /// ADAPTED: the buffers the guide obtains from the camera, made from the same picture.
    private func obtainPixelBuffer() throws -> CVPixelBuffer {
        let pixels = try ImageDecoder.decode(contentsOfFile: Assets.image("astronaut.png").path).image.converted(to: .bgra8)
        return try #require(CVPixelBuffer(image: pixels))
    }

    private func obtainSampleBuffer() throws -> CMSampleBuffer {
        CMSampleBuffer(imageBuffer: try obtainPixelBuffer(), presentationTimeStamp: CMTimeMake(value: 0, timescale: 30))
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

    private func poseLandmarker(_ mode: RunningMode) throws -> (PoseLandmarker, PoseLandmarkerResultProcessor?) {
        switch mode {
        case .image:
            let modelPath = Assets.model("pose_landmarker_full.task").path  // ADAPTED model-path line

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
            let modelPath = Assets.model("pose_landmarker_full.task").path  // ADAPTED model-path line

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
            let modelPath = Assets.model("pose_landmarker_full.task").path  // ADAPTED model-path line

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

    @Test func poseLandmarkerGuideRunsOnARealPictureFromEachSource() throws {
        let sources = [try prepare(try #require(loadUserImage())), try prepare(try obtainPixelBuffer()),
                       try prepare(try obtainSampleBuffer())]
        for image in sources {
            let timestamp = 0

            let (poseLandmarker, _) = try poseLandmarker(.image)
            let result = try poseLandmarker.detect(image: image)
            #expect(result.landmarks.count == 1 && result.landmarks[0].count == 33 && result.worldLandmarks[0].count == 33,
                    "\(image.imageSourceType)")

            let (videoLandmarker, _) = try self.poseLandmarker(.video)
            let videoResult = try videoLandmarker.detect(
              videoFrame: image,
              timestampInMilliseconds: timestamp)
            #expect(videoResult.landmarks.count == 1)

            GuideResults.callbacks.withLock { $0.removeAll() }
            let (liveLandmarker, processor) = try self.poseLandmarker(.liveStream)
            try liveLandmarker.detectAsync(
              image: image,
              timestampInMilliseconds: timestamp)
            #expect(waitUntil { GuideResults.callbacks.withLock { $0 } == [1] })
            withExtendedLifetime(processor) {}
        }
    }
}

// HandLandmarker code as an iOS app writes it against MediaPipe's iOS SDK: the options set one by
// one, a delegate class for the live stream, the three kinds of input (a UIImage, a camera's
// CVPixelBuffer and CMSampleBuffer). It compiles here unchanged; only the model path and the
// picture come from the test's assets instead of the app bundle and the camera.

import Foundation
import Imaging
import MediaPipeTasksVision
import Testing
import TestSupport

/// Receives live-stream results, as an app's view controller would.
final class HandResultProcessor: NSObject, HandLandmarkerLiveStreamDelegate {
    let handCounts = Locked<[Int]>([])

    func handLandmarker(
        _ handLandmarker: HandLandmarker,
        didFinishDetection result: HandLandmarkerResult?,
        timestampInMilliseconds: Int,
        error: Error?) {
        guard let result else { return }
        handCounts.withValue { $0.append(result.landmarks.count) }
    }
}

@Suite(.serialized) struct HandLandmarkerIOSCodeTests {
    static let modelPath = Assets.model("hand_landmarker.task").path

    static func makeLandmarker(runningMode: RunningMode, delegate: HandResultProcessor? = nil) throws -> HandLandmarker {
        let options = HandLandmarkerOptions()
        options.baseOptions.modelAssetPath = modelPath
        options.baseOptions.delegate = .CPU
        options.runningMode = runningMode
        options.numHands = 2
        options.minHandDetectionConfidence = 0.5
        options.minHandPresenceConfidence = 0.5
        options.minTrackingConfidence = 0.5
        options.handLandmarkerLiveStreamDelegate = delegate
        return try HandLandmarker(options: options)
    }

    @Test func theAppsCodeRunsOnEachKindOfInput() throws {
        let uiImage = try #require(UIImage(contentsOfFile: Assets.image("t1.jpg").path))
        let image = try MPImage(uiImage: uiImage)
        let result = try Self.makeLandmarker(runningMode: .image).detect(image: image)
        // What a drawing view reads.
        for (hand, categories) in zip(result.landmarks, result.handedness) {
            let wrist = hand[0]
            #expect(wrist.x >= 0 && wrist.x <= 1 && wrist.y >= 0 && wrist.y <= 1)
            #expect(categories.first?.categoryName == "Right" || categories.first?.categoryName == "Left")
        }
        for connection in HandLandmarker.handConnections {
            #expect(Int(connection.start) < 21 && Int(connection.end) < 21)
        }
        #expect(result.landmarks.count == 1, "numHands 2 on t1: one hand, as MediaPipe")

        // A camera frame, in video mode.
        let pixels = try ImageDecoder.decode(contentsOfFile: Assets.image("t1.jpg").path).image.converted(to: .bgra8)
        let pixelBuffer = try #require(CVPixelBuffer(image: pixels))
        let videoLandmarker = try Self.makeLandmarker(runningMode: .video)
        let frame = try MPImage(pixelBuffer: pixelBuffer)
        let first = try videoLandmarker.detect(videoFrame: frame, timestampInMilliseconds: 0)
        #expect(first.landmarks.count == result.landmarks.count)
        #expect(first.landmarks.first?.first?.x == result.landmarks.first?.first?.x, "the same pixels, the same hand")

        // A camera's sample buffers, in live-stream mode, with the presentation time in ms.
        let processor = HandResultProcessor()
        let liveLandmarker = try Self.makeLandmarker(runningMode: .liveStream, delegate: processor)
        for k in 0..<3 {
            let sampleBuffer = CMSampleBuffer(imageBuffer: pixelBuffer, presentationTimeStamp: CMTimeMake(value: Int64(k), timescale: 30))
            let timestamp = Int(CMTimeGetSeconds(CMSampleBufferGetPresentationTimeStamp(sampleBuffer)) * 1000)
            try liveLandmarker.detectAsync(image: try MPImage(sampleBuffer: sampleBuffer), timestampInMilliseconds: timestamp)
            liveLandmarker.callbackQueue.sync {}
        }
        let counts = processor.handCounts.withValue { $0 }
        #expect(counts.count == 3 && counts.allSatisfy { $0 >= 1 }, "\(counts)")
    }
}

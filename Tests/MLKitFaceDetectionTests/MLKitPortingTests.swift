import Foundation
import Imaging
import MLKitFaceDetection
import MLKitVision
import Testing
import TestSupport

/// iOS ML Kit code ports unchanged: `import MLKitVision` beside `MLKitFaceDetection`, images from
/// `UIImage`, `CMSampleBuffer` and `MLImage`, `NSError`s in ML Kit's domain, a model location
/// per detector, and completions on the main queue.
@Suite(.serialized) struct MLKitPortingTests {
    static var astronautPath: String { Assets.image("astronaut.png").path }

    static func bundleOptions() -> FaceDetectorOptions {
        let options = FaceDetectorOptions()
        options.modelBundlePath = Assets.model("face_landmarker.task").path
        return options
    }

    /// The same face from a `UIImage`, a BGRA `CMSampleBuffer` and an `MLImage` of each.
    @Test func uiImageSampleBufferAndMLImageGiveTheSameFace() throws {
        let uiImage = try #require(UIImage(contentsOfFile: Self.astronautPath))
        let visionImage = VisionImage(image: uiImage)
        visionImage.orientation = uiImage.imageOrientation
        let detector = FaceDetector.faceDetector(options: Self.bundleOptions())
        let reference = try #require(try detector.results(in: visionImage).first)

        let pixelBuffer = try #require(CVPixelBuffer(image: try uiImage.pixels.converted(to: .bgra8)))
        let sampleBuffer = CMSampleBuffer(imageBuffer: pixelBuffer, presentationTimeStamp: CMTime(value: 1, timescale: 30))
        let inputs: [(String, any MLKitCompatibleImage)] = [
            ("VisionImage(buffer:)", VisionImage(buffer: sampleBuffer)),
            ("MLImage(image:)", try #require(MLImage(image: uiImage))),
            ("MLImage(sampleBuffer:)", try #require(MLImage(sampleBuffer: sampleBuffer))),
            ("MLImage(pixelBuffer:)", try #require(MLImage(pixelBuffer: pixelBuffer))),
        ]
        for (name, input) in inputs {
            let face = try #require(try detector.results(in: input).first, "\(name)")
            #expect(face.frame == reference.frame, "\(name): \(face.frame) vs \(reference.frame)")
        }
    }

    /// A missing model is an `NSError` in ML Kit's domain with code 5 (not found); another
    /// detector with its own model location works meanwhile (nothing process-wide is changed).
    @Test func errorsAreNSErrorsAndModelsArePerDetector() throws {
        let missing = FaceDetectorOptions()
        missing.modelBundlePath = "/nonexistent/face_landmarker.task"
        let uiImage = try #require(UIImage(contentsOfFile: Self.astronautPath))
        do {
            _ = try FaceDetector.faceDetector(options: missing).results(in: VisionImage(image: uiImage))
            Issue.record("a missing model did not throw")
        } catch let error as NSError {
            #expect(error.domain == MLKitErrorDomain && error.code == 5)
            #expect(error.localizedDescription.contains("/nonexistent/face_landmarker.task"))
        }
        #expect(try FaceDetector.faceDetector(options: Self.bundleOptions()).results(in: VisionImage(image: uiImage)).count == 1)
        // A 1×1 picture is read, and has no face.
        let tiny = try Imaging.Image(width: 1, height: 1, format: .rgb8, bytes: [0, 0, 0])
        #expect(try FaceDetector.faceDetector(options: Self.bundleOptions()).results(in: VisionImage(image: tiny)).isEmpty)
    }

    /// `process(_:completion:)` calls back on the main queue, as ML Kit documents.
    @Test func completionRunsOnTheMainQueue() async throws {
        let uiImage = try #require(UIImage(contentsOfFile: Self.astronautPath))
        let detector = FaceDetector.faceDetector(options: Self.bundleOptions())
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        let (queue, count): (String?, Int) = await withCheckedContinuation { continuation in
            detector.process(VisionImage(image: uiImage)) { faces, _ in
                continuation.resume(returning: (DispatchQueue.getSpecific(key: key), faces?.count ?? -1))
            }
        }
        #expect(queue == "main" && count == 1)
    }
}

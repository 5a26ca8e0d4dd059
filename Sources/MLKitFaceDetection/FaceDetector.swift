import Foundation
import VisionPipeline

/// Receives the faces (empty when there are none) or an error (faces nil).
public typealias FaceDetectionCallback = ([Face]?, Error?) -> Void

/// ML Kit's face detector on MediaPipe's models (see `MLKitFaceAnalyzer` for how each field is
/// made). Models come from `MLKitModelLocation` and are loaded on the first request; a missing
/// model is reported as that request's error.
///
/// Threads: Linux has no main-thread rule. `results(in:)` runs on the calling thread (any thread,
/// the main one included); `process(_:completion:)` runs the work and then the completion on this
/// detector's own serial queue, not on the main thread. Calls on one detector are serialised.
/// Tracking state lives in the detector instance: reuse one detector for a video. With tracking
/// on, consecutive calls are video frames: each face's mesh follows its own ROI and the face
/// detector runs only every `MLKitFaceAnalyzer.redetectionInterval` frames, when a face is lost,
/// or when none is tracked, so a face entering the picture may appear a few frames late. With
/// tracking off every call is an independent image.
public final class FaceDetector: NSObject, @unchecked Sendable {
    let core: MLKitDetectorCore

    init(options: FaceDetectorOptions) {
        let settings = MLKitFaceOptions(
            accurate: options.performanceMode == .accurate, landmarks: options.landmarkMode == .all,
            contours: options.contourMode == .all, classification: options.classificationMode == .all,
            minFaceSize: Float(options.minFaceSize), tracking: options.isTrackingEnabled)
        core = MLKitDetectorCore(options: settings, label: "MLKitFaceDetection.FaceDetector")
        super.init()
    }

    /// A detector with a copy of `options`.
    public class func faceDetector(options: FaceDetectorOptions) -> FaceDetector { FaceDetector(options: options) }

    /// A detector with the default options.
    public class func faceDetector() -> FaceDetector { FaceDetector(options: FaceDetectorOptions()) }

    /// Detects faces asynchronously; `completion` runs once, on the detector's serial queue.
    public func process(_ image: MLKitCompatibleImage, completion: @escaping FaceDetectionCallback) {
        let input = UncheckedImage(image)
        core.enqueue { [self] in
            do {
                completion(try self.results(in: input.image), nil)
            } catch {
                completion(nil, error)
            }
        }
    }

    /// Detects faces synchronously on the calling thread. Throws `PipelineError` (a missing or
    /// invalid model, a bad option such as minFaceSize outside [0, 1], an unsupported image).
    public func results(in image: MLKitCompatibleImage) throws -> [Face] {
        guard let visionImage = image as? VisionImage else {
            throw PipelineError.invalidArgument("\(type(of: image)) is not a VisionImage")
        }
        let pipelineImage = PipelineImage(visionImage.image, orientation: visionImage.orientation)
        return try core.analyze(pipelineImage).map(Face.init)
    }
}

private struct UncheckedImage: @unchecked Sendable {
    let image: MLKitCompatibleImage
    init(_ image: MLKitCompatibleImage) { self.image = image }
}

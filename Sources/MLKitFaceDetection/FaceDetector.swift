import AppleShims
import Foundation
import MLKitVision
import VisionPipeline

/// Receives the faces (empty when there are none) or an error (faces nil).
public typealias FaceDetectionCallback = ([Face]?, Error?) -> Void

/// The error domain of the ML Kit layer's `NSError`s. (ML Kit for iOS documents none; the codes
/// are ML Kit's canonical ones, as its Android `MlKitException`: 3 invalid argument, 5 not found,
/// 13 internal.)
public let MLKitErrorDomain = "com.google.mlkit"

/// The process-wide default model location, re-exported so that ML Kit code need not import
/// VisionPipeline.
public typealias MLKitModelLocation = VisionPipeline.MLKitModelLocation

/// ML Kit's face detector on MediaPipe's models (see `MLKitFaceAnalyzer` for how each field is
/// made). Models come from the options' `modelBundlePath`, else `MLKitModelLocation`, and are
/// loaded on the first request; a missing model is reported as that request's error.
///
/// Threads: `results(in:)` runs on the calling thread (any thread: ML Kit's rule against the
/// main thread is not enforced); `process(_:completion:)` runs the work on this detector's own
/// serial queue and the completion on the options' `completionQueue`, the main queue by default,
/// as ML Kit documents. Calls on one detector are serialised. Tracking state lives in the
/// detector instance: reuse one detector for a video. With tracking on, consecutive calls are
/// video frames: each face's mesh follows its own ROI and the face detector runs only every
/// `MLKitFaceAnalyzer.redetectionInterval` frames, when a face is lost, or when none is tracked,
/// so a face entering the picture may appear a few frames late. With tracking off every call is
/// an independent image.
public final class FaceDetector: NSObject, @unchecked Sendable {
    let core: MLKitDetectorCore

    init(options: FaceDetectorOptions) {
        let settings = MLKitFaceOptions(
            accurate: options.performanceMode == .accurate, landmarks: options.landmarkMode == .all,
            contours: options.contourMode == .all, classification: options.classificationMode == .all,
            minFaceSize: Float(options.minFaceSize), tracking: options.isTrackingEnabled)
        core = MLKitDetectorCore(options: settings, label: "MLKitFaceDetection.FaceDetector", bundlePath: options.modelBundlePath,
                                 engine: options.engine, completionQueue: options.completionQueue)
        super.init()
    }

    /// A detector with a copy of `options`.
    public class func faceDetector(options: FaceDetectorOptions) -> FaceDetector { FaceDetector(options: options) }

    /// A detector with the default options.
    public class func faceDetector() -> FaceDetector { FaceDetector(options: FaceDetectorOptions()) }

    /// Detects faces asynchronously; `completion` runs once, on the options' `completionQueue`
    /// (the main queue by default).
    public func process(_ image: MLKitCompatibleImage, completion: @escaping FaceDetectionCallback) {
        let input = UncheckedImage(image)
        core.enqueue({ [self] in try self.results(in: input.image) }, completion: completion)
    }

    /// Detects faces synchronously on the calling thread. Throws an `NSError` in
    /// ``MLKitErrorDomain``: a missing (5) or invalid model, a bad option such as minFaceSize
    /// outside [0, 1], an unreadable image (3), a failed inference (13).
    public func results(in image: MLKitCompatibleImage) throws -> [Face] {
        let pipelineImage: PipelineImage
        if let visionImage = image as? VisionImage, let pixels = visionImage.image {
            pipelineImage = PipelineImage(pixels, orientation: visionImage.orientation)
        } else if let mlImage = image as? MLImage {
            pipelineImage = PipelineImage(mlImage.image, orientation: mlImage.orientation)
        } else {
            let reason = image is VisionImage ? "the sample buffer has no readable image buffer"
                                              : "\(type(of: image)) is not a VisionImage or an MLImage"
            throw NSError(domain: MLKitErrorDomain, code: 3, userInfo: [NSLocalizedDescriptionKey: reason])
        }
        do {
            return try core.analyze(pipelineImage).map(Face.init)
        } catch {
            throw NSError(domain: MLKitErrorDomain, code: error.canonicalCode, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
        }
    }
}

private struct UncheckedImage: @unchecked Sendable {
    let image: MLKitCompatibleImage
    init(_ image: MLKitCompatibleImage) { self.image = image }
}

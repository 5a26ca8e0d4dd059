import Foundation
import VisionPipeline

/// Stands in for Firebase's app object. `configure()` is accepted and not required: on Linux
/// `Vision.vision()` works without it (models come from `MLKitModelLocation`).
public final class FirebaseApp: NSObject {
    public class func configure() {}
}

/// Firebase ML Vision's entry point.
public final class Vision: NSObject, @unchecked Sendable {
    /// Accepted for compatibility; nothing is collected.
    public var isStatsCollectionEnabled = true

    public class func vision() -> Vision { Vision() }
    public class func vision(app: FirebaseApp) -> Vision { Vision() }

    public func faceDetector(options: VisionFaceDetectorOptions) -> VisionFaceDetector { VisionFaceDetector(options: options) }
    public func faceDetector() -> VisionFaceDetector { VisionFaceDetector(options: VisionFaceDetectorOptions()) }
}

public typealias VisionFaceDetectionCallback = ([VisionFace]?, Error?) -> Void

/// The error domain of the Firebase layer's `NSError`s (Firebase ML Vision documents none; the
/// codes are the canonical ones: 3 invalid argument, 5 not found, 13 internal).
public let VisionErrorDomain = "com.google.firebase.ml.vision"

/// The process-wide default model location, re-exported so that Firebase code need not import
/// VisionPipeline.
public typealias MLKitModelLocation = VisionPipeline.MLKitModelLocation

/// Firebase's face detector. Threads as in ML Kit's `FaceDetector`: `results(in:)` runs on the
/// calling thread; `process` runs the work on the detector's serial queue and the completion on
/// the options' `completionQueue`, the main queue by default, as Firebase documents. Tracking
/// state is per detector instance: reuse one detector for a video, and a new detector (or
/// tracking off) for unrelated images.
public final class VisionFaceDetector: NSObject, @unchecked Sendable {
    let core: MLKitDetectorCore

    init(options: VisionFaceDetectorOptions) {
        core = MLKitDetectorCore(options: MLKitFaceOptions(
            accurate: options.performanceMode == .accurate, landmarks: options.landmarkMode == .all,
            contours: options.contourMode == .all, classification: options.classificationMode == .all,
            minFaceSize: Float(options.minFaceSize), tracking: options.isTrackingEnabled), label: "FirebaseMLVision.VisionFaceDetector",
            bundlePath: options.modelBundlePath, engine: options.engine, completionQueue: options.completionQueue)
        super.init()
    }

    public func process(_ image: VisionImage, completion: @escaping VisionFaceDetectionCallback) {
        let input = UncheckedVisionImage(image: image)
        core.enqueue({ [self] in try self.results(in: input.image) }, completion: completion)
    }

    /// Throws an `NSError` in ``VisionErrorDomain`` (missing model, bad option, unreadable image).
    public func results(in image: VisionImage) throws -> [VisionFace] {
        let orientation = image.metadata?.orientation.imagingOrientation ?? .up
        let accurate = core.options.accurate
        guard let pixels = image.image else {
            throw NSError(domain: VisionErrorDomain, code: 3, userInfo: [NSLocalizedDescriptionKey: "the sample buffer has no readable image buffer"])
        }
        do {
            return try core.analyze(PipelineImage(pixels, orientation: orientation)).map { VisionFace($0, accurate: accurate) }
        } catch {
            throw NSError(domain: VisionErrorDomain, code: error.canonicalCode, userInfo: [NSLocalizedDescriptionKey: "\(error)"])
        }
    }
}

private struct UncheckedVisionImage: @unchecked Sendable {
    let image: VisionImage
}

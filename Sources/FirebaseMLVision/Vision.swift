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

/// Firebase's face detector. Threads as in ML Kit's `FaceDetector`: no main-thread rule on Linux;
/// `process` runs the work and its completion on the detector's serial queue; `results(in:)` runs
/// on the calling thread. Tracking state is per detector instance: reuse one detector for a
/// video, and a new detector (or tracking off) for unrelated images.
public final class VisionFaceDetector: NSObject, @unchecked Sendable {
    let core: MLKitDetectorCore

    init(options: VisionFaceDetectorOptions) {
        core = MLKitDetectorCore(options: MLKitFaceOptions(
            accurate: options.performanceMode == .accurate, landmarks: options.landmarkMode == .all,
            contours: options.contourMode == .all, classification: options.classificationMode == .all,
            minFaceSize: Float(options.minFaceSize), tracking: options.isTrackingEnabled), label: "FirebaseMLVision.VisionFaceDetector")
        super.init()
    }

    public func process(_ image: VisionImage, completion: @escaping VisionFaceDetectionCallback) {
        let input = UncheckedVisionImage(image: image)
        core.enqueue { [self] in
            do {
                completion(try self.results(in: input.image), nil)
            } catch {
                completion(nil, error)
            }
        }
    }

    /// Throws `PipelineError` (missing model, bad option).
    public func results(in image: VisionImage) throws -> [VisionFace] {
        let orientation = image.metadata?.orientation.imagingOrientation ?? .up
        let accurate = core.options.accurate
        return try core.analyze(PipelineImage(image.image, orientation: orientation)).map { VisionFace($0, accurate: accurate) }
    }
}

private struct UncheckedVisionImage: @unchecked Sendable {
    let image: VisionImage
}

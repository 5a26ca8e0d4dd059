import Foundation
import Inference

public enum VisionFaceDetectorPerformanceMode: UInt, Sendable {
    /// MediaPipe's short-range detector.
    case fast = 1
    /// Faces by their size in pixels, down to 24 px wide (the small-faces search, docs/pipeline.md §9.1).
    case accurate = 2
}

public enum VisionFaceDetectorLandmarkMode: UInt, Sendable { case none = 1, all = 2 }
public enum VisionFaceDetectorContourMode: UInt, Sendable { case none = 1, all = 2 }
public enum VisionFaceDetectorClassificationMode: UInt, Sendable { case none = 1, all = 2 }

/// Firebase ML Vision 6.x face detector options: the same six settings and defaults as ML Kit.
public final class VisionFaceDetectorOptions: NSObject {
    public var performanceMode: VisionFaceDetectorPerformanceMode = .fast
    public var landmarkMode: VisionFaceDetectorLandmarkMode = .none
    public var contourMode: VisionFaceDetectorContourMode = .none
    public var classificationMode: VisionFaceDetectorClassificationMode = .none
    /// Smallest face as head width (frame width) / image width, in [0, 1]; narrower faces are
    /// dropped, as in ML Kit (see `FaceDetectorOptions.minFaceSize` of ML Kit for group photos).
    public var minFaceSize: CGFloat = 0.1
    /// Tracking IDs across consecutive calls of one detector, which then treats its images as
    /// video frames (see `MLKitFaceAnalyzer.findFaces`): faces follow their own ROIs, and the
    /// detector runs every few frames, so a new face may appear up to
    /// `MLKitFaceAnalyzer.redetectionInterval` frames late. Off in the contour-only fast mode.
    public var isTrackingEnabled = false
    /// VisionTasks extension: this detector's `face_landmarker.task`; nil: `MLKitModelLocation`'s
    /// (the process-wide default), read on the first request.
    public var modelBundlePath: String?
    /// VisionTasks extension: this detector's inference engine; nil: `MLKitModelLocation`'s.
    public var engine: InterpreterOptions?
    /// VisionTasks extension: where `process(_:completion:)` calls its completion; the main queue
    /// by default, as Firebase documents.
    public var completionQueue: DispatchQueue = .main

    public override init() { super.init() }
}

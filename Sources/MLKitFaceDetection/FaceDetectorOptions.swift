import Foundation
import Inference

/// `.fast` (1): MediaPipe's short-range detector. `.accurate` (2): faces by their size in pixels,
/// down to 24 px wide (the small-faces search of docs/pipeline.md §9.1).
public struct FaceDetectorPerformanceMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let fast = FaceDetectorPerformanceMode(rawValue: 1)
    public static let accurate = FaceDetectorPerformanceMode(rawValue: 2)
}

/// `.none` (1) or `.all` (2): the 10 landmarks of every face.
public struct FaceDetectorLandmarkMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let none = FaceDetectorLandmarkMode(rawValue: 1)
    public static let all = FaceDetectorLandmarkMode(rawValue: 2)
}

/// `.none` (1) or `.all` (2): the 15 contours of the most prominent face.
public struct FaceDetectorContourMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let none = FaceDetectorContourMode(rawValue: 1)
    public static let all = FaceDetectorContourMode(rawValue: 2)
}

/// `.none` (1) or `.all` (2): smiling and eye-open probabilities.
public struct FaceDetectorClassificationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let none = FaceDetectorClassificationMode(rawValue: 1)
    public static let all = FaceDetectorClassificationMode(rawValue: 2)
}

/// ML Kit's face detector options; defaults `.fast`, no landmarks, contours or classification,
/// `minFaceSize` 0.1, tracking off. A detector copies them when it is created.
public final class FaceDetectorOptions: NSObject {
    public var performanceMode: FaceDetectorPerformanceMode = .fast
    public var landmarkMode: FaceDetectorLandmarkMode = .none
    public var contourMode: FaceDetectorContourMode = .none
    public var classificationMode: FaceDetectorClassificationMode = .none
    /// Smallest face, as head width / image width (upright picture), in [0, 1]; not applied to
    /// the face that carries the contours. A value outside [0, 1] makes every request fail with
    /// an invalid-argument error.
    ///
    /// Head width is the face's `frame` width (the mesh bounds, ear to ear). Narrower faces are
    /// dropped, as ML Kit documents, even in `.accurate`, which can find them: the six faces of a
    /// 1280-pixel group photo, 96–116 pixels wide (0.075–0.091), need a `minFaceSize` of at most
    /// 0.075 to be reported.
    public var minFaceSize: CGFloat = 0.1
    /// Assign tracking IDs across consecutive calls of one detector (ignored, and off, in the
    /// contour-only fast combination). The detector then treats its images as video frames (see
    /// `FaceDetector`).
    public var isTrackingEnabled = false
    /// VisionTasks extension: this detector's `face_landmarker.task`; nil: `MLKitModelLocation`'s
    /// (the process-wide default), read on the first request.
    public var modelBundlePath: String?
    /// VisionTasks extension: this detector's inference engine; nil: `MLKitModelLocation`'s.
    public var engine: InterpreterOptions?
    /// VisionTasks extension: where `process(_:completion:)` calls its completion; the main queue
    /// by default, as ML Kit documents. (A command-line program that blocks its main thread must
    /// run the main queue, e.g. with `dispatchMain()`, or pass another queue.)
    public var completionQueue: DispatchQueue = .main

    public override init() { super.init() }
}

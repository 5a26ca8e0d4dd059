import Foundation

/// What ``FaceDetector`` found in one image or frame. Immutable.
public final class FaceDetectorResult: TaskResult, @unchecked Sendable {
    /// One detection per face: one category (index 0, the confidence as score), a pixel
    /// bounding box and 6 normalized keypoints (see ``Detection``). Empty when no face is found.
    public let detections: [Detection]

    public init(detections: [Detection], timestampInMilliseconds: Int) {
        self.detections = detections
        super.init(timestampInMilliseconds: timestampInMilliseconds)
    }
}

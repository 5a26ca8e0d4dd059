import Foundation
import VisionPipeline

/// What ``FaceDetector`` found in one image or frame. Immutable.
public final class FaceDetectorResult: TaskResult, @unchecked Sendable {
    /// One detection per face: one category (index 0, the confidence as score), a pixel
    /// bounding box and 6 normalized keypoints (see ``Detection``). Empty when no face is found.
    public let detections: [Detection]

    public init(detections: [Detection], timestampInMilliseconds: Int) {
        self.detections = detections
        super.init(timestampInMilliseconds: timestampInMilliseconds)
    }

    /// Converts the graph's detections (copies into MediaPipe's containers).
    convenience init(pipelineDetections: [PipelineDetection], timestampInMilliseconds: Int) {
        self.init(detections: pipelineDetections.map(Detection.init(pipeline:)),
                  timestampInMilliseconds: timestampInMilliseconds)
    }
}

extension Detection {
    convenience init(pipeline detection: PipelineDetection) {
        let box = detection.boundingBox
        self.init(
            categories: [ResultCategory(index: 0, score: detection.score, categoryName: nil, displayName: nil)],
            boundingBox: CGRect(x: box.x, y: box.y, width: box.width, height: box.height),
            keypoints: detection.keypoints.map {
                NormalizedKeypoint(location: CGPoint(x: CGFloat($0.x), y: CGFloat($0.y)), label: nil, score: 0)
            })
    }
}

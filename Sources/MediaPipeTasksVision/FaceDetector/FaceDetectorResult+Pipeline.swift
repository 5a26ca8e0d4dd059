import Foundation
import VisionPipeline

extension FaceDetectorResult {
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

import Foundation
import VisionPipeline

extension PoseLandmarkerResult {
    /// Converts the graph's poses (copies into MediaPipe's containers).
    convenience init(poses: [PipelinePose], timestampInMilliseconds: Int) {
        self.init(
            landmarks: poses.map { $0.landmarks.map(NormalizedLandmark.init(pipeline:)) },
            worldLandmarks: poses.map { $0.worldLandmarks.map(Landmark.init(pipeline:)) },
            segmentationMasks: poses.compactMap { pose in
                pose.segmentationMask.flatMap { Mask(float32Values: $0.values, width: $0.width, height: $0.height) }
            },
            timestampInMilliseconds: timestampInMilliseconds)
    }
}

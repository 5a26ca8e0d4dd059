import Foundation
import VisionPipeline

extension PoseLandmarkerResult {
    /// Converts the graph's poses into MediaPipe's containers; each mask is rendered straight into
    /// its ``Mask`` when its values are first read.
    convenience init(poses: [PipelinePose], timestampInMilliseconds: Int) {
        self.init(
            landmarks: poses.map { $0.landmarks.map(NormalizedLandmark.init(pipeline:)) },
            worldLandmarks: poses.map { $0.worldLandmarks.map(Landmark.init(pipeline:)) },
            segmentationMasks: poses.compactMap { pose in
                pose.segmentationMask.flatMap { mask in
                    Mask(float32Width: mask.width, height: mask.height) { values in
                        // The warp throws only for a map or buffer of the wrong size, which neither
                        // the pose stage nor the mask can give it.
                        do { try mask.render(into: values) } catch { assertionFailure("\(error)") }
                    }
                }
            },
            timestampInMilliseconds: timestampInMilliseconds)
    }
}

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
                    let renderer = MaskRenderer(reach: { mask.reach(ignoringBelow: $0) }) { box, values in
                        // The warp throws only for a box, map or buffer of the wrong size, which
                        // neither the pose stage nor the mask can give it.
                        do { try mask.render(box: box, into: values) } catch { assertionFailure("\(error)") }
                    }
                    return Mask(float32Width: mask.width, height: mask.height, renderer: renderer)
                }
            },
            timestampInMilliseconds: timestampInMilliseconds)
    }
}

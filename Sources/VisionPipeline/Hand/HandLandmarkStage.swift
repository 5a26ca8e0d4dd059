import Imaging
import VisionCore

/// One hand from the landmark model, in image coordinates, with what tracking needs.
struct HandEstimate {
    /// 21 landmarks, image-normalized (z in the scale of x).
    var landmarks: [LandmarkPoint]
    /// 21 world landmarks in metres, rotated to the image axes.
    var worldLandmarks: [LandmarkPoint]
    var handedness: PipelineHandedness
    /// The next frame's ROI from the landmarks (docs/pipeline.md §12.5).
    var nextROI: NormalizedRect
    /// The ROI the landmarks were found in.
    var roi: NormalizedRect
    /// The hand presence probability.
    var presence: Float
}

/// MediaPipe's `SingleHandLandmarksDetectorGraph` (docs/pipeline.md §12.3, §12.4) on one ROI: a
/// 224×224 crop stretched to the ROI with replicated borders, the presence gate, handedness, the
/// 21 landmarks projected through the ROI, world landmarks rotated by it, and the next-frame ROI.
struct HandLandmarkStage {
    static let inputSize = 224

    let runner: ModelRunner
    let range: ValueRange

    /// The hand in `roi` of `image`, or `nil` when its presence is not `>` `minPresence` or the
    /// ROI cannot be cropped (zero size, not finite). `flipHorizontally` mirrors the crop (mirrored
    /// inputs): the model then sees the subject's own hand, and the landmarks are mirrored back.
    func estimate(_ image: Image, roi: NormalizedRect, flipHorizontally: Bool,
                  minPresence: Float) throws(PipelineError) -> HandEstimate? {
        let options = TensorCropOptions(width: Self.inputSize, height: Self.inputSize, keepAspectRatio: false,
                                        border: .replicate, valueRange: range, flipHorizontally: flipHorizontally)
        guard try runner.runIfCroppable(roi, of: image, options: options) != nil else { return nil }
        let presence = runner.output(1)[0]
        guard presence > minPresence else { return nil }

        var tensorLandmarks: [LandmarkPoint]
        do {
            tensorLandmarks = try LandmarkDecoder.hand.decode(runner.output(0))
        } catch {
            throw .inference("hand landmark output: \(error)")
        }
        if flipHorizontally {
            tensorLandmarks = tensorLandmarks.map { LandmarkPoint(x: 1 - $0.x, y: $0.y, z: $0.z) }
        }
        let landmarks = LandmarkProjection.normalizedRectOnly(tensorLandmarks, rect: roi)
        let world = runner.output(3)
        let worldLandmarks = LandmarkProjection.rotatingWorldLandmarks((0..<21).map { i in
            LandmarkPoint(x: flipHorizontally ? -world[3 * i] : world[3 * i], y: world[3 * i + 1], z: world[3 * i + 2])
        }, rect: roi)
        guard let nextROI = LandmarksROI.hand(landmarks, imageWidth: image.width, imageHeight: image.height) else {
            return nil
        }
        return HandEstimate(landmarks: landmarks, worldLandmarks: worldLandmarks,
                            handedness: PipelineHandedness(rightHandScore: runner.output(2)[0]),
                            nextROI: nextROI, roi: roi, presence: presence)
    }
}

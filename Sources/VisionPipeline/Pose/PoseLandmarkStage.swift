import Imaging
import VisionCore

/// One pose from the landmark model, in image coordinates, with what tracking needs.
struct PoseEstimate {
    /// 33 landmarks, image-normalized, visibility and presence set.
    var landmarks: [LandmarkPoint]
    /// 33 world landmarks (metres), rotated to the image axes, visibility and presence copied.
    var worldLandmarks: [LandmarkPoint]
    /// The next frame's ROI from the two auxiliary landmarks (`nil` if it cannot be formed).
    var nextROI: NormalizedRect?
    /// The ROI the landmarks were found in.
    var roi: NormalizedRect
    /// The pose presence probability (`Identity_1`).
    var presence: Float
    /// The segmentation mask, when asked for.
    var mask: PoseSegmentationMask?
    /// The segmentation probability at the torso's centre (midpoint of shoulders 11, 12 and hips
    /// 23, 24), read from the model's 256×256 mask in crop space: low for the landmark model's
    /// hallucinations on background.
    var torsoSegmentation: Float = 0
}

/// MediaPipe's `SinglePoseLandmarksDetectorGraph` (docs/pipeline.md §6.4–§6.7) on one ROI: a 256×256
/// crop with replicated borders, the presence gate, landmark decoding with sigmoid visibility and
/// presence, heatmap refinement, projection mode (b), world landmarks rotated by the ROI, the
/// segmentation mask warped back to the image, and the next-frame ROI from the auxiliary points.
struct PoseLandmarkStage {
    static let inputSize = 256

    let runner: ModelRunner
    let range: ValueRange
    /// Whether the runner computes the segmentation output (masks and ``PoseEstimate/torsoSegmentation``).
    let computesSegmentation: Bool
    private let refinement = HeatmapRefinement(kernelSize: 7, minConfidenceToRefine: 0.5)

    init(runner: ModelRunner, range: ValueRange, computesSegmentation: Bool) {
        self.runner = runner
        self.range = range
        self.computesSegmentation = computesSegmentation
    }

    /// The pose in `roi` of `image`, or `nil` when its presence is not `>` `minPresence`.
    /// `flipHorizontally` mirrors the crop (mirrored inputs); the landmarks are mirrored back.
    func estimate(_ image: Image, roi: NormalizedRect, flipHorizontally: Bool, minPresence: Float,
                  outputMask: Bool) throws(PipelineError) -> PoseEstimate? {
        let options = TensorCropOptions(width: Self.inputSize, height: Self.inputSize, keepAspectRatio: false,
                                        border: .replicate, valueRange: range, flipHorizontally: flipHorizontally)
        guard let crop = try runner.runIfCroppable(roi, of: image, options: options) else { return nil }
        let presence = runner.output(1)[0]
        guard presence > minPresence else { return nil }

        let refined: [LandmarkPoint]
        do {
            let decoded = try LandmarkDecoder.pose.decode(runner.output(0))
            refined = try refinement.refine(decoded, heatmap: runner.output(3), width: 64, height: 64)
        } catch {
            throw .inference("pose landmark output: \(error)")
        }
        let torsoSegmentation = computesSegmentation
            ? Self.torsoSegmentation(refined, logits: runner.output(PoseModels.segmentationOutput)) : 0
        var tensorLandmarks = Array(refined.prefix(33))
        var auxiliary = Array(refined[33..<35])
        if flipHorizontally {
            tensorLandmarks = tensorLandmarks.map { Self.mirrored($0) }
            auxiliary = auxiliary.map { Self.mirrored($0) }
        }
        let landmarks = LandmarkProjection.normalizedRectOnly(
            LandmarkProjection.removingLetterbox(tensorLandmarks, padding: .zero), rect: roi)
        let projectedAuxiliary = LandmarkProjection.normalizedRectOnly(
            LandmarkProjection.removingLetterbox(auxiliary, padding: .zero), rect: roi)

        let world = runner.output(4)
        var worldLandmarks = (0..<33).map { i in
            LandmarkPoint(x: flipHorizontally ? -world[3 * i] : world[3 * i], y: world[3 * i + 1], z: world[3 * i + 2],
                          visibility: tensorLandmarks[i].visibility, presence: tensorLandmarks[i].presence)
        }
        worldLandmarks = LandmarkProjection.rotatingWorldLandmarks(worldLandmarks, rect: roi)

        var mask: PoseSegmentationMask?
        if outputMask {
            guard computesSegmentation else { throw .inference("the segmentation mask was not computed") }
            mask = try Self.mask(logits: runner.output(PoseModels.segmentationOutput), crop: crop, parallel: runner.parallel)
        }
        return PoseEstimate(landmarks: landmarks, worldLandmarks: worldLandmarks,
                            nextROI: LandmarksROI.pose(auxiliary: projectedAuxiliary, imageWidth: image.width,
                                                       imageHeight: image.height),
                            roi: roi, presence: presence, mask: mask, torsoSegmentation: torsoSegmentation)
    }

    /// The 256×256 logits, whose `1/(1 + exp(−l))` per pixel is warped back onto the image with the
    /// exact inverse of the crop when the mask is rendered (docs/pipeline.md §6.6).
    private static func mask(logits: [Float], crop: TensorCrop, parallel: ParallelLoop) throws(PipelineError) -> PoseSegmentationMask {
        do {
            let probabilities = try MaskProbabilities(logits: logits, side: inputSize)
            return PoseSegmentationMask(probabilities: probabilities, crop: crop, parallel: parallel)
        } catch {
            throw .invalidArgument("segmentation mask: \(error)")
        }
    }

    /// `sigmoid` of the mask logit at the torso centre (tensor-normalized landmarks), 0 outside.
    private static func torsoSegmentation(_ landmarks: [LandmarkPoint], logits: [Float]) -> Float {
        guard landmarks.count > 24, logits.count == inputSize * inputSize else { return 0 }
        let x = (landmarks[11].x + landmarks[12].x + landmarks[23].x + landmarks[24].x) / 4
        let y = (landmarks[11].y + landmarks[12].y + landmarks[23].y + landmarks[24].y) / 4
        guard x.isFinite, y.isFinite, x >= 0, x < 1, y >= 0, y < 1 else { return 0 }
        let column = Int(x * Float(inputSize)), row = Int(y * Float(inputSize))
        return sigmoid(logits[row * inputSize + column])
    }

    /// A tensor-normalized point mirrored left–right in the crop (`x → 1 − x`).
    private static func mirrored(_ point: LandmarkPoint) -> LandmarkPoint {
        var result = point
        result.x = 1 - point.x
        return result
    }
}

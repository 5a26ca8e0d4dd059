import Imaging
import VisionCore

/// MediaPipe's `PoseDetectorGraph` (docs/pipeline.md §6.2) on one ROI of an image: a 224×224
/// letterboxed crop with zero borders, the SSD decoding of 2254 anchors with 4 keypoints, weighted
/// NMS at IoU 0.5, and the mapping back to image coordinates.
struct PoseDetectorStage {
    static let anchorCount = 2254
    static let inputSize = 224

    /// The decoded detections of one detector run, before NMS, in the crop's tensor-normalized
    /// coordinates, and the crop that made them.
    struct Candidates {
        var detections: [RelativeDetection]
        var crop: TensorCrop

        /// Weighted NMS (IoU 0.5) of the detections with score `≥ minScore`, best first, mapped to
        /// normalized image coordinates: `undoRotation` false removes only the letterbox
        /// (MediaPipe; exact for an unrotated, unmirrored ROI), true projects through the crop's
        /// matrix (any ROI).
        func merged(minScore: Float, undoRotation: Bool) -> [RelativeDetection] {
            let kept = detections.filter { $0.score >= minScore }
            return WeightedNonMaxSuppression(iouThreshold: 0.5).apply(to: kept).map {
                undoRotation ? $0.projected(by: crop.tensorToImage) : $0.removingLetterbox(crop.padding)
            }
        }
    }

    let runner: ModelRunner
    let range: ValueRange
    private let anchors = SSDAnchorOptions.pose.anchors()

    init(runner: ModelRunner, range: ValueRange) {
        self.runner = runner
        self.range = range
    }

    /// Runs the detector on `rect` of `image` and decodes every anchor with score `≥ minScore`.
    func candidates(_ image: Image, in rect: NormalizedRect, flipHorizontally: Bool,
                    minScore: Float) throws(PipelineError) -> Candidates {
        let options = TensorCropOptions(width: Self.inputSize, height: Self.inputSize, keepAspectRatio: true,
                                        border: .zero, valueRange: range, flipHorizontally: flipHorizontally)
        let crop = try runner.run(rect, of: image, options: options)
        do {
            let detections = try SSDDecoder.pose(minScore: minScore).decode(
                boxes: runner.output(0), scores: runner.output(1), anchors: anchors)
            return Candidates(detections: detections, crop: crop)
        } catch {
            throw .inference("pose detector output: \(error)")
        }
    }
}

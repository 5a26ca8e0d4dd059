import Imaging
import VisionCore

/// MediaPipe's `HandDetectorGraph` (docs/pipeline.md §12.2) on the whole upright picture: a 192×192
/// letterboxed crop with zero borders, the SSD decoding of 2016 anchors with 7 keypoints, weighted
/// NMS at IoU 0.3 in the crop, and the projection back to the image through the crop's matrix.
struct PalmDetectorStage {
    static let anchorCount = 2016
    static let inputSize = 192

    let runner: ModelRunner
    let range: ValueRange
    private let anchors = SSDAnchorOptions.palm.anchors()

    init(runner: ModelRunner, range: ValueRange) {
        self.runner = runner
        self.range = range
    }

    /// The palms in `rect` of `image` with score `≥ minScore`, best first, in normalized image
    /// coordinates. `flipHorizontally` mirrors the crop (mirrored inputs); the projection undoes it.
    func palms(_ image: Image, in rect: NormalizedRect, flipHorizontally: Bool,
               minScore: Float) throws(PipelineError) -> [RelativeDetection] {
        let options = TensorCropOptions(width: Self.inputSize, height: Self.inputSize, keepAspectRatio: true,
                                        border: .zero, valueRange: range, flipHorizontally: flipHorizontally)
        let crop = try runner.run(rect, of: image, options: options)
        let detections: [RelativeDetection]
        do {
            detections = try SSDDecoder.palm(minScore: minScore).decode(
                boxes: runner.output(0), scores: runner.output(1), anchors: anchors)
        } catch {
            throw .inference("palm detector output: \(error)")
        }
        return WeightedNonMaxSuppression(iouThreshold: 0.3).apply(to: detections).map { $0.projected(by: crop.tensorToImage) }
    }
}

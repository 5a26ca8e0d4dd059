import Imaging
import Inference
import VisionCore

/// MediaPipe's `PoseDetectorGraph` (pipeline notes §6) on one ROI of an image: a 224×224
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

    let interpreter: Interpreter
    let range: ValueRange
    private let anchors = SSDAnchorOptions.pose.anchors()

    init(interpreter: Interpreter, range: ValueRange) {
        self.interpreter = interpreter
        self.range = range
    }

    /// Runs the detector on `rect` of `image` and decodes every anchor with score `≥ minScore`.
    func candidates(_ image: Image, in rect: NormalizedRect, flipHorizontally: Bool,
                    minScore: Float) throws(PipelineError) -> Candidates {
        let options = TensorCropOptions(width: Self.inputSize, height: Self.inputSize, keepAspectRatio: true,
                                        border: .zero, valueRange: range, flipHorizontally: flipHorizontally)
        let tensor: ImageTensor
        do {
            tensor = try TensorCrop(rect, imageWidth: image.width, imageHeight: image.height, options: options).tensor(image)
        } catch {
            throw .invalidArgument("pose detector crop: \(error)")
        }
        try PipelineInference.run(interpreter, input: tensor.values, stage: "pose detector")
        do {
            let detections = try SSDDecoder.pose(minScore: minScore).decode(
                boxes: interpreter.output(at: 0), scores: interpreter.output(at: 1), anchors: anchors)
            return Candidates(detections: detections, crop: tensor.crop)
        } catch {
            throw .inference("pose detector output: \(error)")
        }
    }
}

/// Running one input through an interpreter with errors as ``PipelineError``.
enum PipelineInference {
    static func run(_ interpreter: Interpreter, input: [Float], stage: String) throws(PipelineError) {
        do {
            try interpreter.copyInput(input, at: 0)
            try interpreter.invoke()
        } catch {
            throw .inference("\(stage): \(error)")
        }
    }
}

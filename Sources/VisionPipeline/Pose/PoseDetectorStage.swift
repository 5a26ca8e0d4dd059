import Imaging
import Inference
import VisionCore

/// MediaPipe's `PoseDetectorGraph` (pipeline notes §6) on one ROI of an image: a 224×224
/// letterboxed crop with zero borders, the SSD decoding of 2254 anchors with 4 keypoints, weighted
/// NMS at IoU 0.5, and the mapping back to image coordinates.
struct PoseDetectorStage {
    static let anchorCount = 2254
    static let inputSize = 224

    private let interpreter: Interpreter
    private let range: ValueRange
    private let anchors = SSDAnchorOptions.pose.anchors()
    private let suppression = WeightedNonMaxSuppression(iouThreshold: 0.5)

    init(interpreter: Interpreter, range: ValueRange) {
        self.interpreter = interpreter
        self.range = range
    }

    /// Detections in `rect` of `image` with score `≥ minScore`, best first, in normalized image
    /// coordinates: `undoRotation` false removes only the letterbox (MediaPipe; correct for an
    /// unrotated, unmirrored `rect`), true projects through the crop's matrix.
    func detect(_ image: Image, in rect: NormalizedRect, flipHorizontally: Bool, undoRotation: Bool,
                minScore: Float) throws(PipelineError) -> [RelativeDetection] {
        let options = TensorCropOptions(width: Self.inputSize, height: Self.inputSize, keepAspectRatio: true,
                                        border: .zero, valueRange: range, flipHorizontally: flipHorizontally)
        let tensor: ImageTensor
        do {
            tensor = try TensorCrop(rect, imageWidth: image.width, imageHeight: image.height, options: options).tensor(image)
        } catch {
            throw .invalidArgument("pose detector crop: \(error)")
        }
        try PipelineInference.run(interpreter, input: tensor.values, stage: "pose detector")
        let boxes = interpreter.output(at: 0)
        let scores = interpreter.output(at: 1)
        let decoded: [RelativeDetection]
        do {
            decoded = try SSDDecoder.pose(minScore: minScore).decode(boxes: boxes, scores: scores, anchors: anchors)
        } catch {
            throw .inference("pose detector output: \(error)")
        }
        let merged = suppression.apply(to: decoded)
        return merged.map { undoRotation ? $0.projected(by: tensor.crop.tensorToImage) : $0.removingLetterbox(tensor.crop.padding) }
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

import Inference
import Imaging
import TFLite
import VisionCore

/// A face detector model (short range 128×128 or full range 192×192) with its anchors: crops a
/// ROI letterboxed with ZERO borders into [−1, 1], runs the model, decodes, applies weighted NMS
/// and projects the detections into image-normalized coordinates (docs/pipeline.md §2, §3).
///
/// The small-faces search also runs it on larger tensors (the model is fully convolutional): one
/// interpreter per tensor size, made on first use (docs/pipeline.md §9.1).
final class FaceDetectorModel {
    let runner: ModelRunner
    let inputSize: Int
    let anchors: [Anchor]
    private let boxesOutput: Int
    private let scoresOutput: Int
    /// The model at the search's tile sizes.
    private let resized: ResizedRunners

    init(model: Model, path: String, engine: InterpreterOptions) throws(PipelineError) {
        resized = ResizedRunners(model: model, path: path, engine: engine)
        runner = try ModelRunner(model: model, path: path, engine: engine)
        guard let size = runner.imageInputSize, size.width == size.height, size.width == 128 || size.width == 192 else {
            throw .invalidModel(path: path, detail: "not a face detector: input \(runner.inputShape), expected [1, 128, 128, 3] or [1, 192, 192, 3]")
        }
        inputSize = size.width
        anchors = Self.anchorOptions(inputSize: inputSize, width: inputSize, height: inputSize).anchors()
        let outputs = runner.interpreter.outputs
        let n = anchors.count
        guard outputs.count >= 2,
              let boxes = outputs.firstIndex(where: { $0.elementCount == n * 16 }),
              let scores = outputs.firstIndex(where: { $0.elementCount == n }) else {
            throw .invalidModel(path: path, detail: "not a face detector: outputs \(outputs.map(\.shape)), expected [1, \(n), 16] and [1, \(n), 1]")
        }
        boxesOutput = boxes
        scoresOutput = scores
    }

    func cropOptions(width: Int, height: Int) -> TensorCropOptions {
        TensorCropOptions(width: width, height: height, keepAspectRatio: true, border: .zero, valueRange: .minusOneToOne)
    }

    /// Detections in `rect` of `image` scoring at least `minScore`, merged by weighted NMS at
    /// `iouThreshold`, projected to image-normalized coordinates, by descending score. With a
    /// `tensorWidth` × `tensorHeight` other than the model's input, the rect is cropped to that
    /// size and the model resized to it (sides multiples of its largest stride).
    func detect(_ image: Image, rect: NormalizedRect, tensorWidth: Int? = nil, tensorHeight: Int? = nil,
                minScore: Float, iouThreshold: Float) throws(PipelineError) -> [RelativeDetection] {
        let width = tensorWidth ?? inputSize, height = tensorHeight ?? inputSize
        let native = width == inputSize && height == inputSize
        let runner = native ? runner : try resized.runner(width: width, height: height)
        let anchors = native ? anchors : Self.anchorOptions(inputSize: inputSize, width: width, height: height).anchors()
        let crop = try runner.run(rect, of: image, options: cropOptions(width: width, height: height))
        let decoder = SSDDecoder.face(inputWidth: width, inputHeight: height, minScore: minScore)
        let decoded: [RelativeDetection]
        do {
            decoded = try decoder.decode(boxes: runner.output(boxesOutput), scores: runner.output(scoresOutput), anchors: anchors)
        } catch {
            throw .inference("decoding the face detector output: \(error)")
        }
        let merged = WeightedNonMaxSuppression(iouThreshold: iouThreshold).apply(to: decoded)
        return merged.map { $0.projected(by: crop.tensorToImage) }
    }

    /// The anchor layout of the detector with an `inputSize` input (128 short range, 192 full
    /// range) over a `width` × `height` tensor.
    static func anchorOptions(inputSize: Int, width: Int, height: Int) -> SSDAnchorOptions {
        var options = inputSize == 128 ? SSDAnchorOptions.faceShortRange : SSDAnchorOptions.faceFullRange
        options.inputWidth = width
        options.inputHeight = height
        return options
    }
}

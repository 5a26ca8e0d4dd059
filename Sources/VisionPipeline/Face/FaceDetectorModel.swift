import Inference
import Imaging
import TFLite
import VisionCore

/// A face detector model (short range 128×128 or full range 192×192) with its anchors: crops a
/// ROI letterboxed with ZERO borders into [−1, 1], runs the model, decodes, applies weighted NMS
/// and projects the detections into image-normalized coordinates (docs/pipeline.md §2, §3).
final class FaceDetectorModel {
    let runner: ModelRunner
    let inputSize: Int
    let anchors: [Anchor]
    private let boxesOutput: Int
    private let scoresOutput: Int

    init(model: Model, path: String, engine: InterpreterOptions) throws(PipelineError) {
        runner = try ModelRunner(model: model, path: path, engine: engine)
        guard let size = runner.imageInputSize, size.width == size.height, size.width == 128 || size.width == 192 else {
            throw .invalidModel(path: path, detail: "not a face detector: input \(runner.inputShape), expected [1, 128, 128, 3] or [1, 192, 192, 3]")
        }
        inputSize = size.width
        anchors = (inputSize == 128 ? SSDAnchorOptions.faceShortRange : SSDAnchorOptions.faceFullRange).anchors()
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

    var cropOptions: TensorCropOptions {
        TensorCropOptions(width: inputSize, height: inputSize, keepAspectRatio: true, border: .zero,
                          valueRange: .minusOneToOne)
    }

    /// Detections in `rect` of `image` scoring at least `minScore`, merged by weighted NMS at
    /// `iouThreshold`, projected to image-normalized coordinates, by descending score.
    func detect(_ image: Image, rect: NormalizedRect, minScore: Float, iouThreshold: Float) throws(PipelineError) -> [RelativeDetection] {
        let crop = try runner.run(rect, of: image, options: cropOptions)
        let decoder = SSDDecoder.face(inputSize: inputSize, minScore: minScore)
        let decoded: [RelativeDetection]
        do {
            decoded = try decoder.decode(boxes: runner.output(boxesOutput), scores: runner.output(scoresOutput), anchors: anchors)
        } catch {
            throw .inference("decoding the face detector output: \(error)")
        }
        let merged = WeightedNonMaxSuppression(iouThreshold: iouThreshold).apply(to: decoded)
        return merged.map { $0.projected(by: crop.tensorToImage) }
    }
}

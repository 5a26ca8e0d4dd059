import Inference
import Imaging
import TFLite
import VisionCore

/// The face landmark model (478 landmarks on a 256×256 crop, REPLICATE borders, [0, 1]) and its
/// presence score (docs/pipeline.md §4.3).
final class FaceLandmarksModel {
    let runner: ModelRunner
    static let landmarkCount = 478
    private let cropOptions = TensorCropOptions(width: 256, height: 256, keepAspectRatio: false,
                                                border: .replicate, valueRange: .zeroToOne)

    init(model: Model, path: String, engine: InterpreterOptions) throws(PipelineError) {
        runner = try ModelRunner(model: model, path: path, engine: engine)
        try runner.requireImageInput(width: 256, height: 256, what: "face landmarks model")
        try runner.requireOutputs([Self.landmarkCount * 3, 1], what: "face landmarks model")
    }

    /// The face in `rect` of `image`: its presence probability (sigmoid of the model's logit) and,
    /// when it is `> minPresence`, the 478 landmarks projected to image-normalized coordinates
    /// (mode (a): x, y through the ROI matrix, z scaled by the projected unit length).
    func landmarks(in image: Image, rect: NormalizedRect, minPresence: Float) throws(PipelineError) -> (presence: Float, landmarks: [LandmarkPoint]?) {
        try runner.run(rect, of: image, options: cropOptions)
        let presence = sigmoid(runner.output(1).first ?? -.infinity)
        guard presence > minPresence else { return (presence, nil) }
        let decoded: [LandmarkPoint]
        do {
            decoded = try LandmarkDecoder.face.decode(runner.output(0))
        } catch {
            throw .inference("decoding the face landmarks: \(error)")
        }
        let projected = LandmarkProjection.withImageDimensions(decoded, rect: rect, imageWidth: image.width,
                                                               imageHeight: image.height)
        return (presence, projected)
    }
}

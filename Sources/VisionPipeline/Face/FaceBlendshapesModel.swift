import Inference
import TFLite
import VisionCore

/// The blendshape model: 146 landmarks in pixels in, 52 sigmoid scores out (docs/pipeline.md §4.6).
final class FaceBlendshapesModel {
    let runner: ModelRunner

    init(model: Model, path: String, engine: InterpreterOptions) throws(PipelineError) {
        runner = try ModelRunner(model: model, path: path, engine: engine)
        guard runner.inputShape.reduce(1, *) == BlendshapesInput.landmarkIndices.count * 2 else {
            throw .invalidModel(path: path, detail: "blendshapes model: input \(runner.inputShape), expected [1, 146, 2]")
        }
        try runner.requireOutputs([blendshapeNames.count], what: "blendshapes model")
    }

    /// The 52 scores for image-normalized `landmarks` (all 478) of a `width`×`height` image.
    func scores(for landmarks: [LandmarkPoint], imageWidth: Int, imageHeight: Int) throws(PipelineError) -> [Float] {
        let input: [Float]
        do {
            input = try BlendshapesInput.tensor(from: landmarks, imageWidth: imageWidth, imageHeight: imageHeight)
        } catch {
            throw .inference("blendshapes input: \(error)")
        }
        try runner.run(input: input)
        return runner.output(0)
    }
}

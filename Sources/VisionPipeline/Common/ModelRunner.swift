import Imaging
import Inference
import TFLite
import VisionCore

/// One model's interpreter, built once and reused for every call, with its input geometry.
///
/// Image models take an NHWC float32 input `1 × height × width × 3`; other models any float input.
final class ModelRunner {
    let interpreter: Interpreter
    /// The input tensor's shape.
    let inputShape: [Int]
    let path: String
    /// The interpreter's threads, for the image work around it (a mask's warp onto the picture).
    let parallel: ParallelLoop

    /// `skippedOutputs`: positions of model outputs the caller never reads; the work that only
    /// serves them is left out (see `InterpreterOptions.skippedOutputs`).
    init(model: Model, path: String, engine: InterpreterOptions, skippedOutputs: Set<Int> = []) throws(PipelineError) {
        var options = engine
        options.threadCount = max(1, engine.threadCount)
        options.skippedOutputs = skippedOutputs
        do {
            interpreter = try Interpreter(model: model, options: options)
        } catch let error as InferenceError {
            if case .backendUnavailable = error { throw .inference("\(error)") }
            throw .invalidModel(path: path, detail: "\(error)")
        } catch {
            throw .invalidModel(path: path, detail: "\(error)")
        }
        guard let input = interpreter.inputs.first else {
            throw .invalidModel(path: path, detail: "the model has no input")
        }
        inputShape = input.shape
        self.path = path
        parallel = .inferencePool(threadCount: options.threadCount)
    }

    /// `(width, height)` of an NHWC RGB image input, or nil if the input is not one.
    var imageInputSize: (width: Int, height: Int)? {
        guard inputShape.count == 4, inputShape[0] == 1, inputShape[3] == 3, inputShape[1] > 0, inputShape[2] > 0 else {
            return nil
        }
        return (inputShape[2], inputShape[1])
    }

    /// Checks the model's input is an NHWC RGB image of the given size (nil: any size).
    func requireImageInput(width: Int? = nil, height: Int? = nil, what: String) throws(PipelineError) {
        guard let size = imageInputSize, width.map({ $0 == size.width }) ?? true, height.map({ $0 == size.height }) ?? true else {
            throw .invalidModel(path: path, detail: "\(what): unexpected input shape \(inputShape)")
        }
    }

    /// Checks the model has at least `count` outputs of at least the given element counts.
    func requireOutputs(_ elementCounts: [Int], what: String) throws(PipelineError) {
        let outputs = interpreter.outputs
        guard outputs.count >= elementCounts.count,
              zip(outputs, elementCounts).allSatisfy({ $0.elementCount == $1 }) else {
            throw .invalidModel(path: path, detail: "\(what): unexpected outputs \(outputs.map(\.shape)), expected element counts \(elementCounts)")
        }
    }

    /// Plans the crop of `rect` (normalized) of `image` with `options`, runs the model on it as
    /// ``run(crop:image:)`` does, and returns the crop (its matrix maps the outputs back).
    @discardableResult
    func run(_ rect: NormalizedRect, of image: Image, options: TensorCropOptions) throws(PipelineError) -> TensorCrop {
        let crop: TensorCrop
        do {
            crop = try TensorCrop(rect, imageWidth: image.width, imageHeight: image.height, options: options)
        } catch {
            throw .invalidArgument("\(error)")
        }
        try run(crop: crop, image: image)
        return crop
    }

    /// A landmark model's run on a ROI: as ``run(_:of:options:)``, but `nil` when the ROI cannot be
    /// cropped (zero size, not finite, or beyond what the image allows), which yields no object,
    /// as an empty crop would in MediaPipe.
    func runIfCroppable(_ roi: NormalizedRect, of image: Image, options: TensorCropOptions) throws(PipelineError) -> TensorCrop? {
        guard let crop = try? TensorCrop(roi, imageWidth: image.width, imageHeight: image.height, options: options) else {
            return nil
        }
        do {
            try run(crop: crop, image: image)
        } catch .invalidArgument {
            return nil
        }
        return crop
    }

    /// Crops `image` as `crop` plans (the uint8 stage), maps the bytes through the crop's value
    /// range straight into the input tensor (the same values as `TensorCrop.tensor(_:)`), and runs
    /// the model.
    func run(crop: TensorCrop, image: Image) throws(PipelineError) {
        let rgb: Image
        do {
            rgb = try crop.crop(image)
        } catch {
            throw .invalidArgument("\(error)")
        }
        let range = crop.options.valueRange
        do {
            try interpreter.withInput(at: 0) { input in
                let bytes = rgb.planes[0].bytes
                guard input.count == bytes.count else {
                    throw PipelineError.invalidModel(path: path, detail: "input holds \(input.count) values, the crop \(bytes.count)")
                }
                bytes.withUnsafeBufferPointer { range.map($0, into: input.baseAddress!) }
            }
            try interpreter.invoke()
        } catch let error as PipelineError {
            throw error
        } catch {
            throw .inference("\(error)")
        }
    }

    /// Runs the model on `input` (the first input tensor's values, flattened).
    func run(input: [Float]) throws(PipelineError) {
        do {
            try interpreter.copyInput(input, at: 0)
            try interpreter.invoke()
        } catch {
            throw .inference("\(error)")
        }
    }

    /// The output tensor `index`, flattened.
    func output(_ index: Int) -> [Float] {
        interpreter.output(at: index)
    }
}

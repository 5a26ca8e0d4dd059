import Foundation
import Imaging
import Inference
import TFLite

/// The two models of a pose landmarker bundle, loaded into interpreters and checked against the
/// tensor layout the pose graph expects (pipeline notes §6, §7.2).
///
/// A bundle is a `.task` zip holding `pose_detector.tflite` and `pose_landmarks_detector.tflite`
/// (MediaPipe's member names). The input normalization comes from each model's TFLite metadata
/// when it has some (official bundles), otherwise from the known values (our assembled bundle
/// carries the legacy files without metadata): detector mean = std = 127.5 ([−1, 1]), landmark
/// model mean 0, std 255 ([0, 1]).
struct PoseModels {
    static let detectorMember = "pose_detector.tflite"
    static let landmarksMember = "pose_landmarks_detector.tflite"

    let detector: Interpreter
    let landmarks: Interpreter
    let detectorRange: ValueRange
    let landmarksRange: ValueRange

    init(path: String, engine: EngineChoice) throws(PipelineError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .modelNotFound(path: path)
        }
        let bundle: TaskBundle
        do {
            bundle = try TaskBundle(contentsOfFile: path)
        } catch let error as ModelError {
            if case .unreadable = error { throw .modelNotFound(path: path) }
            throw .invalidModel(path: path, detail: "not a pose landmarker .task bundle: \(error)")
        } catch {
            throw .invalidModel(path: path, detail: "not a pose landmarker .task bundle: \(error)")
        }
        let missing = [Self.detectorMember, Self.landmarksMember].filter { !bundle.contains($0) }
        guard missing.isEmpty else {
            throw .invalidModel(path: path, detail: "the bundle lacks \(missing.joined(separator: " and ")) "
                + "(members: \(bundle.memberNames.joined(separator: ", "))); is it a pose landmarker bundle?")
        }
        let detectorModel = try Self.model(Self.detectorMember, in: bundle, path: path)
        let landmarksModel = try Self.model(Self.landmarksMember, in: bundle, path: path)
        detector = try Self.interpreter(detectorModel, member: Self.detectorMember, path: path, engine: engine)
        landmarks = try Self.interpreter(landmarksModel, member: Self.landmarksMember, path: path, engine: engine)
        detectorRange = try Self.valueRange(detectorModel, default: .minusOneToOne, member: Self.detectorMember, path: path)
        landmarksRange = try Self.valueRange(landmarksModel, default: .zeroToOne, member: Self.landmarksMember, path: path)
        try Self.check(detector, member: Self.detectorMember, path: path, input: [1, 224, 224, 3],
                       outputCounts: [PoseDetectorStage.anchorCount * 12, PoseDetectorStage.anchorCount])
        try Self.check(landmarks, member: Self.landmarksMember, path: path, input: [1, 256, 256, 3],
                       outputCounts: [39 * 5, 1, 256 * 256, 64 * 64 * 39, 39 * 3])
    }

    private static func model(_ member: String, in bundle: TaskBundle, path: String) throws(PipelineError) -> Model {
        do {
            return try bundle.model(named: member)
        } catch {
            throw .invalidModel(path: path, detail: "\(member): \(error)")
        }
    }

    private static func interpreter(_ model: Model, member: String, path: String,
                                    engine: EngineChoice) throws(PipelineError) -> Interpreter {
        do {
            return try Interpreter(model: model, options: engine.interpreterOptions)
        } catch let error as InferenceError {
            if case .backendUnavailable = error { throw .inference("\(member): \(error)") }
            if case .xnnpack = error { throw .inference("\(member): \(error)") }
            throw .invalidModel(path: path, detail: "\(member): \(error)")
        } catch {
            throw .invalidModel(path: path, detail: "\(member): \(error)")
        }
    }

    /// The input range from the model's metadata (`(0 − mean)/std … (255 − mean)/std`, channel 0),
    /// or `fallback` when the model has no normalization metadata.
    private static func valueRange(_ model: Model, default fallback: ValueRange, member: String,
                                   path: String) throws(PipelineError) -> ValueRange {
        guard let normalization = model.modelMetadata?.inputs.first?.normalization else { return fallback }
        guard let (mean, std) = normalization.parameters(forChannel: 0), std != 0, mean.isFinite, std.isFinite else {
            throw .invalidModel(path: path, detail: "\(member): unusable input normalization \(normalization)")
        }
        return ValueRange(mean: mean, std: std)
    }

    private static func check(_ interpreter: Interpreter, member: String, path: String, input: [Int],
                              outputCounts: [Int]) throws(PipelineError) {
        guard interpreter.inputs.count == 1, interpreter.inputs[0].shape == input else {
            throw .invalidModel(path: path, detail: "\(member): expected one input of shape \(input), "
                + "found \(interpreter.inputs.map(\.shape))")
        }
        let counts = interpreter.outputs.map(\.elementCount)
        guard counts == outputCounts else {
            throw .invalidModel(path: path, detail: "\(member): expected outputs of \(outputCounts) values, found \(counts) "
                + "(shapes \(interpreter.outputs.map(\.shape)))")
        }
    }
}

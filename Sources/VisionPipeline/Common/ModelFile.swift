import FileIO
import Foundation
import Imaging
import TFLite

/// A model file as the graphs accept it: a single `.tflite` or a MediaPipe `.task` bundle.
struct ModelFile {
    let path: String
    private let model: Model?
    private let bundle: TaskBundle?

    /// Reads `path` as a `.tflite` model or a `.task` bundle, as its first bytes say
    /// (``TFLite/ModelFileKind``). A bundle's directory is read from the file's end, and each
    /// member from the file when it is asked for (``TFLite/TaskBundle/init(contentsOfFile:)``),
    /// not the whole file first.
    init(path: String) throws(PipelineError) {
        self.path = path
        let modelBytes: [UInt8]?
        do {
            let kind = ModelFileKind(header: try FileBytes.read(path, range: 0..<8))
            modelBytes = kind == .flatBufferModel ? try FileBytes.read(path) : nil
        } catch {
            throw .modelNotFound(path: path)
        }
        do {
            if let modelBytes {
                model = try Model(bytes: modelBytes)
                bundle = nil
            } else {
                bundle = try TaskBundle(contentsOfFile: path)
                model = nil
            }
        } catch {
            throw .invalidModel(path: path, detail: "\(error)")
        }
    }

    var isBundle: Bool { bundle != nil }

    /// Checks that a bundle holds every member of `names`, naming all the missing ones.
    func requireMembers(_ names: [String]) throws(PipelineError) {
        guard let bundle else {
            throw .invalidModel(path: path, detail: "expected a .task bundle with \(names.joined(separator: ", ")), got a single .tflite model")
        }
        let missing = names.filter { !bundle.contains($0) }
        guard missing.isEmpty else {
            throw .invalidModel(path: path, detail: "the bundle lacks \(missing.joined(separator: ", ")) (members: \(bundle.memberNames.joined(separator: ", ")))")
        }
    }

    /// The single model, or the bundle member `name`.
    func model(named name: String?) throws(PipelineError) -> Model {
        if let model { return model }
        guard let bundle, let name else {
            throw .invalidModel(path: path, detail: "no model to read")
        }
        try requireMembers([name])
        do {
            return try bundle.model(named: name)
        } catch {
            throw .invalidModel(path: path, detail: "member \(name): \(error)")
        }
    }

    /// The raw bytes of the bundle member `name`.
    func data(named name: String) throws(PipelineError) -> [UInt8] {
        try requireMembers([name])
        do {
            return try bundle!.data(named: name)
        } catch {
            throw .invalidModel(path: path, detail: "member \(name): \(error)")
        }
    }

    /// The input range from the model's metadata (`(0 − mean)/std … (255 − mean)/std`, channel 0),
    /// or `fallback` when the model has no normalization metadata.
    static func valueRange(_ model: Model, default fallback: ValueRange, member: String,
                           path: String) throws(PipelineError) -> ValueRange {
        guard let normalization = model.modelMetadata?.inputs.first?.normalization else { return fallback }
        guard let (mean, std) = normalization.parameters(forChannel: 0), std != 0, mean.isFinite, std.isFinite else {
            throw .invalidModel(path: path, detail: "\(member): unusable input normalization \(normalization)")
        }
        return ValueRange(mean: mean, std: std)
    }
}

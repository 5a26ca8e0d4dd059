import FileIO
import Foundation
import TFLite

/// The models in a file the user named, for `run`, `inspect` and `bench`: the model of a
/// `.tflite`, every `.tflite` member of a `.task` bundle (in archive order), told apart by the
/// file's first bytes (``TFLite/ModelFileKind``).
struct ModelListing {
    /// A model and the name it is shown under (the file or bundle-member name).
    struct Entry {
        var name: String
        var model: Model
    }

    let path: String
    let entries: [Entry]
    /// The bundle's members, including non-model files; empty for a plain `.tflite`.
    let bundleMembers: [String]

    init(path: String) throws {
        self.path = path
        let bytes = try FileBytes.read(path)
        switch ModelFileKind(header: bytes.prefix(8)) {
        case .bundle:
            let bundle = try TaskBundle(bytes: bytes)
            bundleMembers = bundle.memberNames
            entries = try bundle.modelNames.map { Entry(name: $0, model: try bundle.model(named: $0)) }
        case .flatBufferModel:
            bundleMembers = []
            entries = [Entry(name: (path as NSString).lastPathComponent, model: try Model(bytes: bytes))]
        }
    }
}

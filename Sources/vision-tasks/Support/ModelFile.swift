import Foundation
import TFLite

/// The models in a file the user named: one for a `.tflite`, every `.tflite` member for a `.task`
/// bundle (in archive order).
struct ModelFile {
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
        if path.lowercased().hasSuffix(".task") {
            let bundle = try TaskBundle(contentsOfFile: path)
            bundleMembers = bundle.memberNames
            entries = try bundle.modelNames.map { Entry(name: $0, model: try bundle.model(named: $0)) }
        } else {
            bundleMembers = []
            entries = [Entry(name: (path as NSString).lastPathComponent, model: try Model(contentsOfFile: path))]
        }
    }
}

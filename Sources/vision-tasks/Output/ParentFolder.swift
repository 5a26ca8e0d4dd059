import Foundation

/// The folder an output file goes in.
enum ParentFolder {
    /// Creates the folder of `path` with its missing parents, and returns it.
    @discardableResult
    static func create(for path: String) throws(OutputError) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: path, reason: "cannot create the folder \(folder): \(error.localizedDescription)")
        }
        return folder
    }
}

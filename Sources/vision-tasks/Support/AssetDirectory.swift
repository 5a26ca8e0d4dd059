import Foundation

/// Finds the `assets/` folder that `scripts/setup` fills, so that commands need no `--model`.
///
/// Looks at `$VISIONTASKS_ASSETS` first, then walks up from the working directory and from the
/// executable's directory looking for `assets/models`.
enum AssetDirectory {
    /// The models folder, or an error that says how to create it.
    static func requireModels() throws -> URL {
        guard let models = models() else { throw MissingAssets() }
        return models
    }

    private static func models() -> URL? {
        let fileManager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment["VISIONTASKS_ASSETS"] {
            let models = URL(fileURLWithPath: explicit).appendingPathComponent("models")
            return fileManager.fileExists(atPath: models.path) ? models : nil
        }
        let starts = [
            URL(fileURLWithPath: fileManager.currentDirectoryPath),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        for start in starts {
            var directory = start.standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent("assets/models")
                if fileManager.fileExists(atPath: candidate.path) { return candidate }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return nil
    }
}

/// `scripts/setup` has not run (or `VISIONTASKS_ASSETS` points elsewhere).
struct MissingAssets: Error, CustomStringConvertible {
    var description: String { "no assets/models folder found; run scripts/setup or set VISIONTASKS_ASSETS" }
}

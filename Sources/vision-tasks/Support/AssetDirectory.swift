import Foundation

/// Finds the `assets/` folder that `scripts/setup` fills, so that commands need no `--model`.
///
/// Looks at `$VISIONTASKS_ASSETS` first, then walks up from the working directory and from the
/// executable's directory looking for `assets/models`.
enum AssetDirectory {
    static func models() -> URL? {
        let fileManager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment["VISIONTASKS_ASSETS"] {
            return URL(fileURLWithPath: explicit).appendingPathComponent("models")
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

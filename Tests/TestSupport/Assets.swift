import Foundation

/// Locates the files that `scripts/setup` puts in the git-ignored `assets/` folder and the committed
/// fixtures under `Tests/Fixtures/`.
public enum Assets {
    /// The repository root, found from this source file's location.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `assets/models/<name>`, e.g. `model("pose_detection.tflite")`.
    public static func model(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("assets/models/\(name)")
    }

    /// `assets/images/<name>`, e.g. `image("astronaut.png")`.
    public static func image(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("assets/images/\(name)")
    }

    /// `Tests/Fixtures/<name>`.
    public static func fixture(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)")
    }
}

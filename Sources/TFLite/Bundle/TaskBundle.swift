import Foundation

/// A MediaPipe `.task` bundle: a zip archive of `.tflite` models and other files (for example
/// `face_landmarker.task` holds `face_detector.tflite`, `face_landmarks_detector.tflite`,
/// `face_blendshapes.tflite` and `geometry_pipeline_metadata_landmarks.binarypb`).
///
/// Reading the bundle checks the archive's directory; a member's bytes are decompressed (stored or
/// deflate) and CRC-checked when asked for. Malformed archives throw ``ModelError/bundle(detail:)``.
public struct TaskBundle: Sendable {
    private let archive: ZipArchive

    /// The member names in archive order, e.g. `["face_detector.tflite", ...]`.
    public var memberNames: [String] { archive.entries.map(\.name) }

    /// The members whose names end in `.tflite`.
    public var modelNames: [String] { memberNames.filter { $0.hasSuffix(".tflite") } }

    /// Reads the archive directory of a bundle held in memory.
    public init(bytes: [UInt8]) throws {
        archive = try ZipArchive(bytes: bytes)
    }

    /// Reads the archive directory of a bundle file.
    public init(contentsOf url: URL) throws {
        try self.init(bytes: try readFile(at: url))
    }

    /// Reads the archive directory of a bundle file at a file-system path.
    public init(contentsOfFile path: String) throws {
        try self.init(contentsOf: URL(fileURLWithPath: path))
    }

    /// Whether the bundle has a member of this name.
    public func contains(_ name: String) -> Bool {
        archive.entries.contains { $0.name == name }
    }

    /// The uncompressed bytes of the member `name` (the first one, should names repeat).
    public func data(named name: String) throws -> [UInt8] {
        guard let entry = archive.entries.first(where: { $0.name == name }) else {
            throw ModelError.bundle(detail: "no member named \"\(name)\" (members: \(memberNames.joined(separator: ", ")))")
        }
        return try archive.contents(of: entry)
    }

    /// The member `name` read as a `.tflite` model.
    public func model(named name: String) throws -> Model {
        try Model(bytes: try data(named: name))
    }
}

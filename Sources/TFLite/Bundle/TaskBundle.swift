import FileIO
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

    /// The member names of the bundle file at `path`, in archive order, read from the file's end
    /// alone when the directory lies there (a bundle's few members list within its last bytes),
    /// else from the whole file: checking a bundle's members does not read its models.
    public static func memberNames(ofFileAt path: String) throws -> [String] {
        // The end record (22 bytes and a comment of up to 64 KiB) and room for a directory before it.
        let tail: (bytes: [UInt8], offset: Int)
        do {
            tail = try FileBytes.readTail(path, maximumCount: 22 + 0xFFFF + (1 << 16))
        } catch {
            throw ModelError.unreadable(path: path, reason: error.reason)
        }
        if let archive = try? ZipArchive(bytes: tail.bytes, start: tail.offset) {
            return archive.entries.map(\.name)
        }
        return try TaskBundle(contentsOfFile: path).memberNames
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

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
    /// The bundle's file when only its end was read (its directory), and its members are read
    /// from it when asked for; `nil` when the whole archive is in memory.
    private let file: String?

    /// The member names in archive order, e.g. `["face_detector.tflite", ...]`.
    public var memberNames: [String] { archive.entries.map(\.name) }

    /// The members whose names end in `.tflite`.
    public var modelNames: [String] { memberNames.filter { $0.hasSuffix(".tflite") } }

    /// Reads the archive directory of a bundle held in memory.
    public init(bytes: [UInt8]) throws {
        self.init(archive: try ZipArchive(bytes: bytes), file: nil)
    }

    /// Reads the archive directory of a bundle file.
    public init(contentsOf url: URL) throws {
        try self.init(contentsOfFile: url.path)
    }

    /// Reads the archive directory of a bundle file at a file-system path: from the file's end
    /// alone when the directory lies there (a bundle's few members list within its last bytes),
    /// else from the whole file. A member read from the file later is read alone, so that a
    /// bundle's models are never in memory twice (the whole file and a copy of each member). The
    /// members' checksums catch a file that changed in between.
    public init(contentsOfFile path: String) throws {
        // The end record (22 bytes and a comment of up to 64 KiB) and room for a directory before it.
        let tail: (bytes: [UInt8], offset: Int)
        do {
            tail = try FileBytes.readTail(path, maximumCount: 22 + 0xFFFF + (1 << 16))
        } catch {
            throw ModelError.unreadable(path: path, reason: error.reason)
        }
        if let archive = try? ZipArchive(bytes: tail.bytes, start: tail.offset) {
            self.init(archive: archive, file: tail.offset > 0 ? path : nil)
        } else {
            try self.init(bytes: try readFile(at: URL(fileURLWithPath: path)))
        }
    }

    private init(archive: ZipArchive, file: String?) {
        self.archive = archive
        self.file = file
    }

    /// The member names of the bundle file at `path`, in archive order, read from the file's end
    /// alone when the directory lies there: checking a bundle's members does not read its models.
    public static func memberNames(ofFileAt path: String) throws -> [String] {
        try TaskBundle(contentsOfFile: path).memberNames
    }

    /// Whether the bundle has a member called `name`.
    public func contains(_ name: String) -> Bool {
        archive.entries.contains { $0.name == name }
    }

    /// The uncompressed bytes of the member `name` (the first one, should names repeat).
    public func data(named name: String) throws -> [UInt8] {
        guard let entry = archive.entries.first(where: { $0.name == name }) else {
            throw ModelError.bundle(detail: "no member named \"\(name)\" (members: \(memberNames.joined(separator: ", ")))")
        }
        return try archive.contents(of: entry, readingFrom: file)
    }

    /// The member `name` read as a `.tflite` model.
    public func model(named name: String) throws -> Model {
        try Model(bytes: try data(named: name))
    }
}

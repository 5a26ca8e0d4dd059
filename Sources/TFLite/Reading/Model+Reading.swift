import FileIO
import Foundation

extension Model {
    /// The file identifier of TFLite flatbuffers (schema version 3), at bytes 4..<8.
    public static let fileIdentifier = "TFL3"

    /// Reads and checks a `.tflite` model held in memory.
    ///
    /// Every flatbuffer offset, length and index is checked against `bytes`, and the cross
    /// references are validated (see ``validate()``), so a truncated, corrupted or hostile file
    /// throws a ``ModelError`` naming the field instead of trapping, over-reading or hanging.
    /// The TFLite model metadata (`"TFLITE_METADATA"`), when present, is parsed into
    /// ``modelMetadata``.
    public init(bytes: [UInt8]) throws {
        guard bytes.count >= 8 else { throw ModelError.tooSmall(size: bytes.count) }
        let buffer = FlatBuffer(bytes: bytes)
        guard buffer.fileIdentifier == Model.fileIdentifier else {
            throw ModelError.invalid(
                what: "file identifier",
                detail: "expected \"\(Model.fileIdentifier)\", found \(String(reflecting: buffer.fileIdentifier ?? ""))"
            )
        }
        let root = try buffer.rootTable(named: "Model")
        let reader = ModelReader(buffer: buffer)
        self.init(
            bytes: bytes,
            version: Int(try root.integer(ModelField.version, "version", default: UInt32(0))),
            description: try root.string(ModelField.description, "description") ?? "",
            operatorCodes: try root.tables(ModelField.operatorCodes, "operator_codes").map(reader.operatorCode),
            subgraphs: try root.tables(ModelField.subgraphs, "subgraphs").map(reader.subgraph),
            buffers: try root.tables(ModelField.buffers, "buffers").map(reader.buffer),
            metadata: try root.tables(ModelField.metadata, "metadata").map(reader.metadataEntry)
        )
        try validate()
        modelMetadata = try readModelMetadata()
    }

    /// Reads and checks a `.tflite` file. See ``init(bytes:)``.
    public init(contentsOf url: URL) throws {
        try self.init(bytes: try readFile(at: url))
    }

    /// Reads and checks a `.tflite` file at a file-system path. See ``init(bytes:)``.
    public init(contentsOfFile path: String) throws {
        try self.init(contentsOf: URL(fileURLWithPath: path))
    }
}

/// The bytes of a file, or ``ModelError/unreadable(path:reason:)``.
func readFile(at url: URL) throws -> [UInt8] {
    do {
        return try FileBytes.read(url.path)
    } catch {
        throw ModelError.unreadable(path: url.path, reason: error.reason)
    }
}

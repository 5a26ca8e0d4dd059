/// A `.tflite` model, read and checked.
///
/// Every index and byte range in it has been checked against the file, so code that uses a model
/// may index ``buffers``, ``operatorCodes`` and ``Subgraph/tensors`` with the values it holds
/// without further checks. Read one with `Model(bytes:)` or `Model(contentsOf:)`.
public struct Model: Sendable {
    /// The whole file. Buffers are ranges of it.
    public var bytes: [UInt8]
    /// Schema version (3 for current models).
    public var version: Int
    public var description: String
    public var operatorCodes: [OperatorCode]
    public var subgraphs: [Subgraph]
    public var buffers: [Buffer]
    /// Named metadata entries (for example `"TFLITE_METADATA"` or `"min_runtime_version"`).
    public var metadata: [MetadataEntry]
    /// The TFLite model metadata (the `"TFLITE_METADATA"` entry): tensor names and input
    /// normalization, when the model carries it. Set by `Model(bytes:)`.
    public var modelMetadata: ModelMetadata? = nil

    public init(
        bytes: [UInt8], version: Int, description: String, operatorCodes: [OperatorCode],
        subgraphs: [Subgraph], buffers: [Buffer], metadata: [MetadataEntry]
    ) {
        self.bytes = bytes
        self.version = version
        self.description = description
        self.operatorCodes = operatorCodes
        self.subgraphs = subgraphs
        self.buffers = buffers
        self.metadata = metadata
    }

    /// The bytes of a buffer (empty for the sentinel buffer 0 and for tensors without data).
    public func data(of buffer: Int) -> ArraySlice<UInt8> { bytes[buffers[buffer].range] }
}

/// A named metadata entry of a model, pointing at a buffer.
public struct MetadataEntry: Hashable, Sendable {
    public var name: String
    /// Index into ``Model/buffers``.
    public var buffer: Int

    public init(name: String, buffer: Int) {
        self.name = name
        self.buffer = buffer
    }
}

/// TFLite model metadata (`metadata_schema.fbs` of tflite-support, file identifier `"M001"`),
/// stored in a model's `"TFLITE_METADATA"` buffer. Only the parts we use are kept: names,
/// descriptions and the input normalization of the first subgraph.
public struct ModelMetadata: Hashable, Sendable {
    /// The metadata entry name under which TFLite stores this in a model.
    public static let entryName = "TFLITE_METADATA"
    /// The flatbuffer file identifier of the metadata.
    public static let fileIdentifier = "M001"

    public var name: String
    public var description: String
    public var version: String
    public var author: String
    public var license: String
    /// The oldest metadata parser version that understands every field, e.g. `"1.0.1"`.
    public var minParserVersion: String
    /// One entry per input of the main subgraph, in the order of ``Subgraph/inputs``.
    public var inputs: [TensorMetadata]
    /// One entry per output of the main subgraph, in the order of ``Subgraph/outputs``.
    public var outputs: [TensorMetadata]

    public init(
        name: String = "", description: String = "", version: String = "", author: String = "", license: String = "",
        minParserVersion: String = "", inputs: [TensorMetadata] = [], outputs: [TensorMetadata] = []
    ) {
        self.name = name
        self.description = description
        self.version = version
        self.author = author
        self.license = license
        self.minParserVersion = minParserVersion
        self.inputs = inputs
        self.outputs = outputs
    }
}

/// Metadata of one input or output tensor.
public struct TensorMetadata: Hashable, Sendable {
    public var name: String
    public var description: String
    /// How raw values become the tensor's values: `(x - mean) / std` per channel.
    public var normalization: NormalizationOptions?
    /// Per-channel value range, when recorded (`Stats`).
    public var min: [Float]
    public var max: [Float]
    /// The content kind recorded for the tensor (image, feature, bounding box...).
    public var content: TensorContent?

    public init(
        name: String = "", description: String = "", normalization: NormalizationOptions? = nil,
        min: [Float] = [], max: [Float] = [], content: TensorContent? = nil
    ) {
        self.name = name
        self.description = description
        self.normalization = normalization
        self.min = min
        self.max = max
        self.content = content
    }
}

/// Normalization of an input: the model expects `(x - mean[c]) / std[c]` for channel `c`; a single
/// value applies to every channel. For an image input fed with 0...255 RGB, mean = std = 127.5
/// gives [-1, 1]; mean 0 and std 255 give [0, 1].
public struct NormalizationOptions: Hashable, Sendable {
    public var mean: [Float]
    public var std: [Float]

    public init(mean: [Float], std: [Float]) {
        self.mean = mean
        self.std = std
    }

    /// The mean and standard deviation for channel `channel` (the single value for every channel
    /// when only one is given), or `nil` when the channel has none.
    public func parameters(forChannel channel: Int) -> (mean: Float, std: Float)? {
        func pick(_ values: [Float]) -> Float? {
            values.count == 1 ? values[0] : (values.indices.contains(channel) ? values[channel] : nil)
        }
        guard let mean = pick(mean), let std = pick(std) else { return nil }
        return (mean, std)
    }
}

/// What a tensor holds (`ContentProperties` of the metadata schema).
public enum TensorContent: Hashable, Sendable {
    case feature
    /// An image; `colorSpace` is `"RGB"`, `"GRAYSCALE"` or `"UNKNOWN"`.
    case image(colorSpace: String)
    case boundingBox
    case audio
    /// A content kind we do not know; `unionType` is its `ContentProperties` code.
    case other(unionType: Int)
}

// Field ids from `metadata_schema.fbs` (tensorflow/tflite-support, tensorflow_lite_support/metadata/):
//   ModelMetadata: name 0, description 1, version 2, subgraph_metadata 3, author 4, license 5,
//                  associated_files 6, min_parser_version 7
//   SubGraphMetadata: name 0, description 1, input_tensor_metadata 2, output_tensor_metadata 3
//   TensorMetadata: name 0, description 1, dimension_names 2, content 3, process_units 4, stats 5
//   Content: content_properties (union: type 0, value 1), range 2
//   ContentProperties: FeatureProperties 1, ImageProperties 2, BoundingBoxProperties 3, AudioProperties 4
//   ImageProperties: color_space 0 (ColorSpaceType: UNKNOWN 0, RGB 1, GRAYSCALE 2)
//   ProcessUnit: options (union: type 0, value 1); ProcessUnitOptions: NormalizationOptions 1, ...
//   NormalizationOptions: mean 0, std 1;  Stats: max 0, min 1

extension ModelMetadata {
    /// Parses metadata flatbuffer bytes (identifier `"M001"`), checking every offset.
    public init(bytes: [UInt8]) throws {
        guard bytes.count >= 8 else { throw ModelError.tooSmall(size: bytes.count) }
        let buffer = FlatBuffer(bytes: bytes)
        guard buffer.fileIdentifier == ModelMetadata.fileIdentifier else {
            throw ModelError.invalid(
                what: "TFLITE_METADATA file identifier",
                detail: "expected \"\(ModelMetadata.fileIdentifier)\", found \(String(reflecting: buffer.fileIdentifier ?? ""))"
            )
        }
        let root = try buffer.rootTable(named: "ModelMetadata")
        let subgraph = try root.tables(3, "subgraph_metadata").first
        self.init(
            name: try root.string(0, "name") ?? "",
            description: try root.string(1, "description") ?? "",
            version: try root.string(2, "version") ?? "",
            author: try root.string(4, "author") ?? "",
            license: try root.string(5, "license") ?? "",
            minParserVersion: try root.string(7, "min_parser_version") ?? "",
            inputs: try subgraph?.tables(2, "input_tensor_metadata").map(TensorMetadata.init(table:)) ?? [],
            outputs: try subgraph?.tables(3, "output_tensor_metadata").map(TensorMetadata.init(table:)) ?? []
        )
    }
}

extension TensorMetadata {
    init(table: FlatBufferTable) throws {
        var normalization: NormalizationOptions?
        for unit in try table.tables(4, "process_units") {
            let (type, options) = try unit.union(0, "options")
            if type == 1, normalization == nil {
                normalization = NormalizationOptions(
                    mean: try options?.float32s(0, "mean") ?? [], std: try options?.float32s(1, "std") ?? []
                )
            }
        }
        let stats = try table.table(5, "stats")
        self.init(
            name: try table.string(0, "name") ?? "",
            description: try table.string(1, "description") ?? "",
            normalization: normalization,
            min: try stats?.float32s(1, "min") ?? [],
            max: try stats?.float32s(0, "max") ?? [],
            content: try table.table(3, "content").flatMap(TensorContent.init(table:))
        )
    }
}

extension TensorContent {
    init?(table: FlatBufferTable) throws {
        let (type, properties) = try table.union(0, "content_properties")
        switch type {
        case 0: return nil
        case 1: self = .feature
        case 2:
            let space = try properties?.integer(0, "color_space", default: Int8(0)) ?? 0
            self = .image(colorSpace: space == 1 ? "RGB" : space == 2 ? "GRAYSCALE" : "UNKNOWN")
        case 3: self = .boundingBox
        case 4: self = .audio
        default: self = .other(unionType: Int(type))
        }
    }
}

extension Model {
    /// Parses the `"TFLITE_METADATA"` entry, or returns `nil` when the model has none.
    func readModelMetadata() throws -> ModelMetadata? {
        guard let entry = metadata.first(where: { $0.name == ModelMetadata.entryName }) else { return nil }
        let data = data(of: entry.buffer)
        guard !data.isEmpty else { return nil }
        do {
            return try ModelMetadata(bytes: Array(data))
        } catch let error as ModelError {
            throw ModelError.invalid(what: "metadata \"\(ModelMetadata.entryName)\"", detail: error.description)
        }
    }
}

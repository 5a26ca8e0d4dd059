/// Turns the flatbuffer tables of a `.tflite` file into the ``Model`` value types. Indices are
/// range-checked later, in ``Model/validate()``, once every table is known.
struct ModelReader {
    let buffer: FlatBuffer

    func operatorCode(_ table: FlatBufferTable) throws -> OperatorCode {
        let deprecated = try table.integer(OperatorCodeField.deprecatedBuiltinCode, "deprecated_builtin_code", default: Int8(0))
        let extended = try table.integer(OperatorCodeField.builtinCode, "builtin_code", default: Int32(0))
        // Old files only have the byte-wide field; files with codes ≥ 127 store a placeholder (127)
        // there and the real code in the new field. TFLite takes the larger of the two.
        return OperatorCode(
            builtin: BuiltinOperator(rawValue: max(Int32(deprecated), extended)),
            customCode: try table.string(OperatorCodeField.customCode, "custom_code"),
            version: Int(try table.integer(OperatorCodeField.version, "version", default: Int32(1)))
        )
    }

    func subgraph(_ table: FlatBufferTable) throws -> Subgraph {
        Subgraph(
            tensors: try table.tables(SubgraphField.tensors, "tensors").map(tensor),
            inputs: try table.int32s(SubgraphField.inputs, "inputs")?.map(Int.init) ?? [],
            outputs: try table.int32s(SubgraphField.outputs, "outputs")?.map(Int.init) ?? [],
            operators: try table.tables(SubgraphField.operators, "operators").map(self.operator),
            name: try table.string(SubgraphField.name, "name") ?? ""
        )
    }

    func tensor(_ table: FlatBufferTable) throws -> Tensor {
        Tensor(
            shape: try table.int32s(TensorField.shape, "shape")?.map(Int.init) ?? [],
            shapeSignature: try table.int32s(TensorField.shapeSignature, "shape_signature")?.map(Int.init),
            type: TensorType(rawValue: try table.integer(TensorField.type, "type", default: Int8(0))),
            buffer: Int(try table.integer(TensorField.buffer, "buffer", default: UInt32(0))),
            name: try table.string(TensorField.name, "name") ?? "",
            quantization: try table.table(TensorField.quantization, "quantization").flatMap(quantization),
            sparsity: try table.table(TensorField.sparsity, "sparsity").map(sparsity),
            isVariable: try table.bool(TensorField.isVariable, "is_variable")
        )
    }

    /// Affine parameters, or `nil` when the table holds none (converters write an empty
    /// `QuantizationParameters` table for every float tensor).
    func quantization(_ table: FlatBufferTable) throws -> Quantization? {
        let parameters = Quantization(
            min: try table.float32s(QuantizationField.min, "min") ?? [],
            max: try table.float32s(QuantizationField.max, "max") ?? [],
            scale: try table.float32s(QuantizationField.scale, "scale") ?? [],
            zeroPoint: try table.int64s(QuantizationField.zeroPoint, "zero_point") ?? [],
            quantizedDimension: Int(try table.integer(QuantizationField.quantizedDimension, "quantized_dimension", default: Int32(0)))
        )
        let isEmpty = parameters.min.isEmpty && parameters.max.isEmpty && parameters.scale.isEmpty && parameters.zeroPoint.isEmpty
        return isEmpty ? nil : parameters
    }

    func sparsity(_ table: FlatBufferTable) throws -> Sparsity {
        Sparsity(
            traversalOrder: try table.int32s(SparsityField.traversalOrder, "traversal_order")?.map(Int.init) ?? [],
            blockMap: try table.int32s(SparsityField.blockMap, "block_map")?.map(Int.init) ?? [],
            dimensionMetadata: try table.tables(SparsityField.dimensionMetadata, "dim_metadata").map(dimensionMetadata)
        )
    }

    func dimensionMetadata(_ table: FlatBufferTable) throws -> Sparsity.DimensionMetadata {
        let format = try table.integer(SparsityField.format, "format", default: Int8(0))
        switch format {
        case 0:
            return .dense(size: Int(try table.integer(SparsityField.denseSize, "dense_size", default: Int32(0))))
        case 1:
            return .sparseCSR(
                segments: try sparseIndexVector(table, SparsityField.arraySegmentsType, "array_segments"),
                indices: try sparseIndexVector(table, SparsityField.arrayIndicesType, "array_indices")
            )
        default:
            throw ModelError.invalid(what: "\(table.path).format", detail: "unknown dimension type \(format)")
        }
    }

    /// A `SparseIndexVector` union: int32, uint16 or uint8 values.
    private func sparseIndexVector(_ table: FlatBufferTable, _ typeID: Int, _ name: String) throws -> [Int] {
        let (type, value) = try table.union(typeID, name)
        guard let value else {
            throw ModelError.invalid(what: "\(table.path).\(name)", detail: "a sparse dimension needs an index vector (type \(type))")
        }
        switch type {
        case SparsityField.int32Vector:
            return try value.vector(0, "values", elementSize: 4)?.integers(Int32.self).map(Int.init) ?? []
        case SparsityField.uint16Vector:
            return try value.vector(0, "values", elementSize: 2)?.integers(UInt16.self).map(Int.init) ?? []
        case SparsityField.uint8Vector:
            return try value.vector(0, "values", elementSize: 1)?.integers(UInt8.self).map(Int.init) ?? []
        default:
            throw ModelError.invalid(what: "\(table.path).\(name)_type", detail: "unknown sparse index vector type \(type)")
        }
    }

    func `operator`(_ table: FlatBufferTable) throws -> Operator {
        Operator(
            opcodeIndex: Int(try table.integer(OperatorField.opcodeIndex, "opcode_index", default: UInt32(0))),
            inputs: try table.int32s(OperatorField.inputs, "inputs")?.map(Int.init) ?? [],
            outputs: try table.int32s(OperatorField.outputs, "outputs")?.map(Int.init) ?? [],
            options: try OperatorOptions(unionIn: table, typeID: OperatorField.builtinOptionsType),
            customOptions: try customOptions(table)
        )
    }

    /// Inline `custom_options`, or the bytes that `large_custom_options_offset/size` point at (an
    /// offset ≤ 1 means "not used", as in the schema).
    private func customOptions(_ table: FlatBufferTable) throws -> [UInt8] {
        if let inline = try table.vector(OperatorField.customOptions, "custom_options", elementSize: 1), inline.count > 0 {
            return Array(buffer.bytes[inline.byteRange])
        }
        let range = try outsideRange(
            table, offsetID: OperatorField.largeCustomOptionsOffset, sizeID: OperatorField.largeCustomOptionsSize,
            names: ("large_custom_options_offset", "large_custom_options_size")
        )
        return range.map { Array(buffer.bytes[$0]) } ?? []
    }

    func buffer(_ table: FlatBufferTable) throws -> Buffer {
        if let data = try table.vector(BufferField.data, "data", elementSize: 1), data.count > 0 {
            return Buffer(range: data.byteRange)
        }
        let range = try outsideRange(table, offsetID: BufferField.offset, sizeID: BufferField.size, names: ("offset", "size"))
        return Buffer(range: range ?? 0..<0)
    }

    func metadataEntry(_ table: FlatBufferTable) throws -> MetadataEntry {
        MetadataEntry(
            name: try table.string(MetadataField.name, "name") ?? "",
            buffer: Int(try table.integer(MetadataField.buffer, "buffer", default: UInt32(0)))
        )
    }

    /// A byte range given by 64-bit offset and size fields, counted from the start of the file, for
    /// data stored after the flatbuffer. `nil` when the offset is 0 or 1 (unused).
    private func outsideRange(
        _ table: FlatBufferTable, offsetID: Int, sizeID: Int, names: (offset: String, size: String)
    ) throws -> Range<Int>? {
        let offset = try table.integer(offsetID, names.offset, default: UInt64(0))
        let size = try table.integer(sizeID, names.size, default: UInt64(0))
        guard offset > 1 else { return nil }
        let fileSize = UInt64(buffer.count)
        guard offset <= fileSize, size <= fileSize - offset else {
            throw ModelError.outOfBounds(what: "\(table.path).\(names.offset)/\(names.size) (size \(size))", offset: Int(clamping: offset), fileSize: buffer.count)
        }
        return Int(offset)..<Int(offset + size)
    }
}

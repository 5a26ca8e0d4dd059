import Foundation
import Testing
import TestSupport
import TFLite

/// Schema features the real models do not use, on small models written by ``TinyFlatBuffer``:
/// buffers stored after the flatbuffer (offset/size), the extended builtin code, custom operators
/// with large custom options, quantization and block-sparse tensors.
@Suite("Schema fields on hand-written models")
struct SchemaFieldTests {
    /// Field ids from schema.fbs (see Sources/TFLite/Reading/SchemaFields.swift).
    static func tinyModel(
        bufferOffset: UInt64, bufferSize: UInt64 = 16, deprecatedCode: Int = 0, builtinCode: Int = 0,
        customOptions: (offset: UInt64, size: UInt64)? = nil, extraTensor: FlatNode? = nil
    ) -> [UInt8] {
        func tensor(_ name: String, shape: [Int], buffer: Int, extra: [(Int, FlatValue)] = []) -> FlatNode {
            .table([(0, .child(.int32s(shape))), (1, .i8(0)), (2, .i32(buffer)), (3, .child(.string(name)))] + extra)
        }
        var op: [(Int, FlatValue)] = [
            (0, .i32(0)), (1, .child(.int32s([0, 1]))), (2, .child(.int32s([2]))),
            (3, .scalar(width: 1, 11)), (4, .child(.table([(0, .i8(1))]))),  // AddOptions { fused_activation_function: RELU }
        ]
        if let customOptions {
            op += [(9, .u64(customOptions.offset)), (10, .u64(customOptions.size))]
        }
        var tensors = [
            tensor("input", shape: [1, 4], buffer: 0),
            tensor("bias", shape: [1, 4], buffer: 1),
            tensor("output", shape: [1, 4], buffer: 0, extra: [(7, .child(.int32s([-1, 4])))]),
        ]
        if let extraTensor { tensors.append(extraTensor) }
        let model = FlatNode.table([
            (0, .scalar(width: 4, 3)),
            (1, .child(.tables([.table([(0, .i8(deprecatedCode)), (2, .i32(1)), (3, .i32(builtinCode))])]))),
            (2, .child(.tables([.table([
                (0, .child(.tables(tensors))), (1, .child(.int32s([0]))), (2, .child(.int32s([2]))),
                (3, .child(.tables([.table(op)]))), (4, .child(.string("main"))),
            ])]))),
            (3, .child(.string("tiny"))),
            (4, .child(.tables([.table([]), .table([(1, .u64(bufferOffset)), (2, .u64(bufferSize))])]))),
            (6, .child(.tables([.table([(0, .child(.string("min_runtime_version"))), (1, .i32(0))])]))),
        ])
        return TinyFlatBuffer.encode(model, identifier: "TFL3")
    }

    /// The tiny model with its bias (four floats) stored after the flatbuffer, 16-byte aligned.
    static func tinyModelWithOutsideBuffer(customOptions: [UInt8] = []) -> (bytes: [UInt8], dataOffset: Int) {
        let probe = tinyModel(bufferOffset: 2, customOptions: customOptions.isEmpty ? nil : (2, 2))
        let dataOffset = (probe.count + 15) / 16 * 16
        let customOffset = dataOffset + 16
        var bytes = tinyModel(
            bufferOffset: UInt64(dataOffset),
            customOptions: customOptions.isEmpty ? nil : (UInt64(customOffset), UInt64(customOptions.count))
        )
        bytes += [UInt8](repeating: 0, count: dataOffset - bytes.count)
        for value: Float in [0.5, -1, 2, 8] { bytes.appendLE(value.bitPattern) }
        bytes += customOptions
        return (bytes, dataOffset)
    }

    @Test func readsBuffersStoredAfterTheFlatbuffer() throws {
        let (bytes, dataOffset) = Self.tinyModelWithOutsideBuffer()
        let model = try Model(bytes: bytes)
        #expect(model.version == 3 && model.description == "tiny")
        #expect(model.buffers.map(\.range) == [0..<0, dataOffset..<(dataOffset + 16)])
        let floats = model.data(of: 1).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(floats == [0.5, -1, 2, 8])
        let graph = model.subgraphs[0]
        #expect(graph.name == "main")
        #expect(graph.tensors.map(\.name) == ["input", "bias", "output"])
        #expect(graph.tensors[2].shapeSignature == [-1, 4])
        #expect(graph.operators[0].options == .elementwise(fusedActivation: .relu))
        #expect(model.operatorCodes[0].builtin == .add && model.operatorCodes[0].version == 1)
        #expect(model.metadata == [MetadataEntry(name: "min_runtime_version", buffer: 0)])
        #expect(model.modelMetadata == nil)
    }

    /// Committed for the fuzzer's seed corpus (scripts/fuzz/tflite-reader); it must stay what the
    /// writer above produces.
    @Test func committedTinyModelMatches() throws {
        let committed = [UInt8](try Data(contentsOf: Assets.fixture("models/tiny_add.tflite")))
        #expect(committed == Self.tinyModelWithOutsideBuffer().bytes)
    }

    @Test func outsideBufferBeyondTheFileIsAnError() throws {
        let probe = Self.tinyModel(bufferOffset: 2)
        let bytes = Self.tinyModel(bufferOffset: UInt64(probe.count - 8))
        let error = #expect(throws: ModelError.self) { _ = try Model(bytes: bytes) }
        #expect(error?.description.contains("buffers[1].offset/size") == true)
        let huge = Self.tinyModel(bufferOffset: UInt64.max - 4, bufferSize: 100)
        #expect(throws: ModelError.self) { _ = try Model(bytes: huge) }
        // A size that is wrong for the tensor's shape (3 floats for [1, 4]) fails validation.
        let short = Self.tinyModel(bufferOffset: 16, bufferSize: 12)
        let mismatch = #expect(throws: ModelError.self) { _ = try Model(bytes: short) }
        #expect(mismatch?.description.contains("tensors[1].buffer") == true)
    }

    /// Codes above 127 live in `builtin_code`; the byte-wide field then holds 127 (the placeholder).
    @Test func extendedBuiltinCodeWins() throws {
        let probe = Self.tinyModel(bufferOffset: 2, deprecatedCode: 127, builtinCode: 150)
        var bytes = Self.tinyModel(bufferOffset: UInt64(probe.count), deprecatedCode: 127, builtinCode: 150)
        for value: Float in [1, 2, 3, 4] { bytes.appendLE(value.bitPattern) }
        let model = try Model(bytes: bytes)
        #expect(model.operatorCodes[0].builtin.name == "GELU")
        #expect(model.operatorCodes[0].builtin.rawValue == 150)
    }

    @Test func largeCustomOptionsAreRead() throws {
        let options: [UInt8] = [9, 8, 7, 6, 5]
        let model = try Model(bytes: Self.tinyModelWithOutsideBuffer(customOptions: options).bytes)
        #expect(model.subgraphs[0].operators[0].customOptions == options)
    }

    @Test func quantizationAndBlockSparsity() throws {
        // A [4, 4] int8 tensor with per-row quantization, stored as 2×2 blocks: the block rows are
        // dense, the block columns CSR (block row 0 keeps block column 1, block row 1 keeps both).
        let sparse = FlatNode.table([
            (0, .child(.int32s([4, 4]))), (1, .i8(9)), (2, .i32(0)), (3, .child(.string("sparse"))),
            (4, .child(.table([
                (2, .child(.floats([0.5, 0.25, 0.125, 1]))),
                (3, .child(.scalars(width: 8, [0, 1, 2, UInt64(bitPattern: -3)]))),
                (6, .i32(0)),
            ]))),
            (6, .child(.table([
                (0, .child(.int32s([0, 1, 2, 3]))), (1, .child(.int32s([0, 1]))),
                (2, .child(.tables([
                    .table([(0, .i8(0)), (1, .i32(2))]),
                    .table([
                        (0, .i8(1)),
                        (2, .scalar(width: 1, 1)), (3, .child(.table([(0, .child(.int32s([0, 1, 3])))]))),
                        (4, .scalar(width: 1, 3)), (5, .child(.table([(0, .child(.scalars(width: 1, [1, 0, 1])))]))),
                    ]),
                    .table([(0, .i8(0)), (1, .i32(2))]),
                    .table([(0, .i8(0)), (1, .i32(2))]),
                ]))),
            ]))),
        ])
        let probe = Self.tinyModel(bufferOffset: 2, extraTensor: sparse)
        var bytes = Self.tinyModel(bufferOffset: UInt64(probe.count), extraTensor: sparse)
        for value: Float in [1, 2, 3, 4] { bytes.appendLE(value.bitPattern) }
        let model = try Model(bytes: bytes)
        let tensor = model.subgraphs[0].tensors[3]
        #expect(tensor.type == .int8)
        #expect(tensor.quantization == Quantization(scale: [0.5, 0.25, 0.125, 1], zeroPoint: [0, 1, 2, -3], quantizedDimension: 0))
        let sparsity = try #require(tensor.sparsity)
        #expect(sparsity.blockMap == [0, 1])
        #expect(sparsity.dimensionMetadata[1] == .sparseCSR(segments: [0, 1, 3], indices: [1, 0, 1]))
        // 3 blocks of 2×2 values are stored.
        #expect(try sparsity.storedValueCount(denseShape: [4, 4]) == 12)
        // Per-channel quantization must match its dimension.
        var bad = model
        bad.subgraphs[0].tensors[3].quantization?.quantizedDimension = 3
        #expect(throws: ModelError.self) { try bad.validate() }
    }
}

import Foundation
import Testing
import TestSupport
import TFLite

/// Our reader against LiteRT's: Tests/Fixtures/tflite/structure.json was written by
/// scripts/golden/tflite-structure from what ai-edge-litert 2.3.0 reads from each model.
@Suite("Structure as LiteRT reads it")
struct LiteRTStructureTests {
    struct Golden: Decodable {
        struct Tensor: Decodable, Equatable {
            var index: Int
            var name: String
            var shape: [Int]
            var type: String
        }

        struct Entry: Decodable {
            var inputs: [Tensor]
            var outputs: [Tensor]
            var operator_count: Int
            var operators_fnv1a64: String
            var tensor_count: Int
            var tensors_fnv1a64: String
            var first_operators: [String]
        }

        var models: [String: Entry]
    }

    static func golden() throws -> Golden {
        try JSONDecoder().decode(Golden.self, from: Data(contentsOf: Assets.fixture("tflite/structure.json")))
    }

    @Test func goldenCoversEveryModel() throws {
        #expect(Set(try Self.golden().models.keys) == Set(RealModels.allNames))
    }

    @Test(arguments: RealModels.allNames)
    func matchesLiteRT(name: String) throws {
        let golden = try #require(try Self.golden().models[name])
        let model = try Model(bytes: try RealModels.bytes(name))
        let graph = model.subgraphs[0]
        func describe(_ index: Int) -> Golden.Tensor {
            let tensor = graph.tensors[index]
            return Golden.Tensor(index: index, name: tensor.name, shape: tensor.shape, type: tensor.type.description)
        }
        #expect(graph.inputs.map(describe) == golden.inputs)
        #expect(graph.outputs.map(describe) == golden.outputs)
        #expect(graph.operators.count == golden.operator_count)
        #expect(graph.tensors.count == golden.tensor_count)

        let operatorLines = graph.operators.map { op in
            let name = model.operatorCodes[op.opcodeIndex].builtin.name
            return "\(name) \(op.inputs.map(String.init).joined(separator: ",")) -> \(op.outputs.map(String.init).joined(separator: ","))"
        }
        #expect(Array(operatorLines.prefix(3)) == golden.first_operators)
        #expect(Self.fnv1a64(operatorLines.map { $0 + "\n" }.joined()) == golden.operators_fnv1a64)

        let tensorLines = graph.tensors.enumerated().map { index, tensor in
            "\(index) \(tensor.name) \(tensor.shape.map(String.init).joined(separator: ",")) \(tensor.type)\n"
        }
        #expect(Self.fnv1a64(tensorLines.joined()) == golden.tensors_fnv1a64)
    }

    /// FNV-1a, 64 bits, over UTF-8, as hex (the same digest the golden script computes).
    static func fnv1a64(_ text: String) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01B3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

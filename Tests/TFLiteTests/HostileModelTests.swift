import Testing
import TestSupport
import TFLite

/// Corrupted real models must end in a thrown ``ModelError`` or in a model that passes validation,
/// never in a trap or a hang.
@Suite("Hostile models")
struct HostileModelTests {
    /// Mutations per model: more for the small ones, fewer for the multi-megabyte ones.
    static let plan: [(name: String, count: Int)] = [
        ("face_detector.tflite", 800), ("face_detection_short_range.tflite", 400),
        ("face_detection_full_range_sparse.tflite", 800), ("face_blendshapes.tflite", 600),
        ("pose_detection.tflite", 150), ("face_landmarks_detector.tflite", 150), ("pose_landmark_full.tflite", 100),
    ]

    static var totalMutations: Int { plan.reduce(0) { $0 + $1.count } }

    @Test func planCoversAtLeastAThousandMutations() {
        #expect(Self.totalMutations >= 1000)
    }

    @Test(.timeLimit(.minutes(2)), arguments: plan.map(\.name))
    func mutatedModelsFailCleanly(name: String) throws {
        let count = try #require(Self.plan.first { $0.name == name }?.count)
        let original = try RealModels.bytes(name)
        let model = try Model(bytes: original)
        let mutator = Mutator(
            original: original, targets: Self.structureRanges(of: model), vtables: VTableScan.positions(in: original, structure: Self.structureRanges(of: model))
        )
        #expect(mutator.vtables.count > 10)
        var rng = SeededRandom(seed: 0x7F1E_0000 &+ UInt64(name.utf8.count) &* 7919)
        var outcomes: [String: Int] = [:]
        for index in 0..<count {
            let kind = Mutator.Kind.allCases[index % Mutator.Kind.allCases.count]
            let mutated = mutator.mutate(kind, &rng)
            do {
                let model = try Model(bytes: mutated)
                try model.validate()
                Self.touchEverything(model)
                outcomes["valid", default: 0] += 1
            } catch let error as ModelError {
                #expect(!error.description.isEmpty)
                outcomes["error", default: 0] += 1
            } catch {
                Issue.record("\(kind) mutation \(index) threw a non-ModelError: \(error)")
            }
        }
        // Both outcomes occur: the mutations reach the structure, and some leave a usable model.
        #expect(outcomes["error", default: 0] > count / 4, "\(outcomes)")
        #expect(outcomes.values.reduce(0, +) == count)
    }

    /// Reads everything a user of a validated model may index without checks.
    static func touchEverything(_ model: Model) {
        var sum = 0
        for graph in model.subgraphs {
            for tensor in graph.tensors {
                sum &+= tensor.elementCount &+ model.data(of: tensor.buffer).count
            }
            for op in graph.operators {
                sum &+= Int(model.operatorCodes[op.opcodeIndex].builtin.rawValue)
                for input in op.inputs where input >= 0 { sum &+= graph.tensors[input].shape.count }
                for output in op.outputs { sum &+= graph.tensors[output].shape.count }
            }
            for index in graph.inputs + graph.outputs { sum &+= graph.tensors[index].shape.count }
        }
        for entry in model.metadata { sum &+= model.data(of: entry.buffer).count }
        sum &+= model.summary.text.count
        #expect(sum != Int.min)
    }

    /// The parts of the file outside the constant buffers: where the flatbuffer tables live.
    static func structureRanges(of model: Model) -> [Range<Int>] {
        let data = model.buffers.map(\.range).filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var ranges: [Range<Int>] = []
        var start = 0
        for range in data {
            if range.lowerBound > start { ranges.append(start..<range.lowerBound) }
            start = max(start, range.upperBound)
        }
        if start < model.bytes.count { ranges.append(start..<model.bytes.count) }
        return ranges
    }

    // MARK: Specific corruptions, each with the field it must name

    @Test func wrongIdentifierAndTinyFiles() throws {
        var bytes = try RealModels.bytes("face_detector.tflite")
        bytes[4] = UInt8(ascii: "X")
        let error = #expect(throws: ModelError.self) { _ = try Model(bytes: bytes) }
        #expect(error?.description.contains("file identifier") == true)
        for size in 0..<8 {
            #expect(throws: ModelError.tooSmall(size: size)) { _ = try Model(bytes: Array(bytes.prefix(size))) }
        }
    }

    @Test func validationNamesTheBadIndex() throws {
        let model = try Model(bytes: try RealModels.bytes("face_detector.tflite"))
        var bad = model
        bad.subgraphs[0].operators[3].opcodeIndex = 99
        #expect(throws: ModelError.invalid(what: "Model.subgraphs[0].operators[3].opcode_index", detail: "index 99 is outside 0..<9")) {
            try bad.validate()
        }
        bad = model
        bad.subgraphs[0].operators[0].inputs[0] = 250
        #expect(throws: ModelError.invalid(what: "Model.subgraphs[0].operators[0].inputs[0]", detail: "index 250 is outside 0..<250")) {
            try bad.validate()
        }
        bad = model
        bad.subgraphs[0].operators[0].inputs[0] = -1  // an omitted optional input is allowed
        try bad.validate()
        bad.subgraphs[0].outputs = [-1]
        #expect(throws: ModelError.self) { try bad.validate() }
    }

    @Test func validationChecksShapesAgainstBuffers() throws {
        let model = try Model(bytes: try RealModels.bytes("face_detector.tflite"))
        let constant = try #require(model.subgraphs[0].tensors.firstIndex { !model.data(of: $0.buffer).isEmpty })
        var bad = model
        bad.subgraphs[0].tensors[constant].shape[0] += 1
        let error = #expect(throws: ModelError.self) { try bad.validate() }
        #expect(error?.description.contains("tensors[\(constant)].buffer") == true)
        bad = model
        bad.subgraphs[0].tensors[0].shape = [-2, 3]
        #expect(throws: ModelError.self) { try bad.validate() }
        bad.subgraphs[0].tensors[0].shape = [1 << 20, 1 << 20, 1 << 30]
        let overflow = #expect(throws: ModelError.self) { try bad.validate() }
        #expect(overflow?.description.contains("elements") == true)
    }

    @Test func validationChecksOptions() throws {
        let model = try Model(bytes: try RealModels.bytes("face_detector.tflite"))
        let conv = try #require(model.subgraphs[0].operators.firstIndex { model.operatorCodes[$0.opcodeIndex].builtin == .conv2D })
        var bad = model
        bad.subgraphs[0].operators[conv].options = .conv2D(Conv2DOptions(padding: .same, strideW: 0, strideH: 1))
        #expect(throws: ModelError.self) { try bad.validate() }
        bad.subgraphs[0].operators[conv].options = .reducer(keepDims: false)
        #expect(throws: ModelError.self) { try bad.validate() }
        bad.subgraphs[0].operators[conv].options = .none
        #expect(throws: ModelError.self) { try bad.validate() }
    }

    @Test func validationChecksSparsity() throws {
        let model = try Model(bytes: try RealModels.bytes("face_detection_full_range_sparse.tflite"))
        let index = try #require(model.subgraphs[0].tensors.firstIndex { $0.sparsity != nil })
        let sparsity = try #require(model.subgraphs[0].tensors[index].sparsity)
        guard case .sparseCSR(let segments, var indices) = sparsity.dimensionMetadata[3] else {
            Issue.record("expected CSR")
            return
        }
        var bad = model
        indices[0] = 32  // outside the 32-wide dimension
        bad.subgraphs[0].tensors[index].sparsity?.dimensionMetadata[3] = .sparseCSR(segments: segments, indices: indices)
        let error = #expect(throws: ModelError.self) { try bad.validate() }
        #expect(error?.description.contains("array_indices") == true)
        bad = model
        bad.subgraphs[0].tensors[index].sparsity?.traversalOrder = [0, 1, 3, 3]
        #expect(throws: ModelError.self) { try bad.validate() }
        bad = model
        bad.subgraphs[0].tensors[index].sparsity?.dimensionMetadata[0] = .dense(size: 9)
        #expect(throws: ModelError.self) { try bad.validate() }
    }
}

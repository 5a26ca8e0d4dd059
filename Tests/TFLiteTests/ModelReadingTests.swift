import Foundation
import Testing
import TestSupport
import TFLite

/// Facts about each real model, from MediaPipe's documentation of the graphs
/// (docs/pipeline.md §3.2, §4.3, §4.6, §6.2, §6.4) and the models themselves.
struct ModelFacts: Sendable, CustomTestStringConvertible {
    var name: String
    var input: [Int]
    var outputs: [[Int]]
    var operators: Set<String>
    var sparseTensors: Int = 0

    var testDescription: String { name }

    static let all: [ModelFacts] = [
        ModelFacts(
            name: "face_detector.tflite", input: [1, 128, 128, 3], outputs: [[1, 896, 16], [1, 896, 1]],
            operators: ["ADD", "CONCATENATION", "CONV_2D", "DEPTHWISE_CONV_2D", "DEQUANTIZE", "MAX_POOL_2D", "PAD", "RELU", "RESHAPE"]
        ),
        ModelFacts(
            name: "face_detection_short_range.tflite", input: [1, 128, 128, 3], outputs: [[1, 896, 16], [1, 896, 1]],
            operators: ["ADD", "CONCATENATION", "CONV_2D", "DEPTHWISE_CONV_2D", "DEQUANTIZE", "MAX_POOL_2D", "PAD", "RELU", "RESHAPE"]
        ),
        ModelFacts(
            name: "face_landmarks_detector.tflite", input: [1, 256, 256, 3], outputs: [[1, 1, 1, 1434], [1, 1, 1, 1], [1, 1]],
            operators: ["ADD", "CONV_2D", "DEPTHWISE_CONV_2D", "DEQUANTIZE", "LOGISTIC", "MAX_POOL_2D", "PAD", "PRELU", "RESHAPE"]
        ),
        ModelFacts(
            name: "face_blendshapes.tflite", input: [1, 146, 2], outputs: [[52]],
            operators: [
                "ADD", "CONCATENATION", "CONV_2D", "DEQUANTIZE", "DIV", "LOGISTIC", "MEAN", "MUL", "NEG", "RESHAPE",
                "RSQRT", "SQRT", "SQUARED_DIFFERENCE", "STRIDED_SLICE", "SUB", "SUM", "TRANSPOSE",
            ]
        ),
        ModelFacts(
            name: "face_detection_full_range_sparse.tflite", input: [1, 192, 192, 3], outputs: [[1, 2304, 16], [1, 2304, 1]],
            operators: [
                "ADD", "CONV_2D", "DENSIFY", "DEPTHWISE_CONV_2D", "DEPTH_TO_SPACE", "DEQUANTIZE", "PAD", "RESHAPE",
                "RESIZE_BILINEAR",
            ],
            sparseTensors: 46
        ),
        ModelFacts(
            name: "pose_detection.tflite", input: [1, 224, 224, 3], outputs: [[1, 2254, 12], [1, 2254, 1]],
            operators: [
                "ADD", "CONCATENATION", "CONV_2D", "DENSIFY", "DEPTHWISE_CONV_2D", "DEPTH_TO_SPACE", "DEQUANTIZE", "PAD",
                "RESHAPE", "RESIZE_BILINEAR",
            ],
            sparseTensors: 38
        ),
        ModelFacts(
            name: "pose_landmark_full.tflite", input: [1, 256, 256, 3],
            outputs: [[1, 195], [1, 1], [1, 256, 256, 1], [1, 64, 64, 39], [1, 117]],
            operators: ["ADD", "CONV_2D", "DEPTHWISE_CONV_2D", "DEQUANTIZE", "LOGISTIC", "MAX_POOL_2D", "PAD", "RESHAPE", "RESIZE_BILINEAR"]
        ),
    ]
}

@Suite("Reading the real models")
struct ModelReadingTests {
    @Test(arguments: ModelFacts.all)
    func inputsOutputsAndOperators(_ facts: ModelFacts) throws {
        let model = try Model(bytes: try RealModels.bytes(facts.name))
        #expect(model.version == 3)
        #expect(model.subgraphs.count == 1)
        let graph = try #require(model.subgraphs.first)
        #expect(graph.inputs.map { graph.tensors[$0].shape } == [facts.input])
        #expect(graph.outputs.map { graph.tensors[$0].shape } == facts.outputs)
        #expect((graph.inputs + graph.outputs).allSatisfy { graph.tensors[$0].type == .float32 })
        let used = Set(graph.operators.map { model.operatorCodes[$0.opcodeIndex].builtin.name })
        #expect(used == facts.operators)
        #expect(graph.tensors.filter { $0.sparsity != nil }.count == facts.sparseTensors)
    }

    /// The weights are stored as float16 and dequantized (after densifying, for the sparse
    /// models) by DEQUANTIZE operators with float32 outputs; the engine folds these at load time.
    @Test(arguments: ModelFacts.all)
    func weightsAreFloat16Constants(_ facts: ModelFacts) throws {
        let model = try Model(bytes: try RealModels.bytes(facts.name))
        let graph = model.subgraphs[0]
        let dequantize = graph.operators.filter { model.operatorCodes[$0.opcodeIndex].builtin == .dequantize }
        #expect(!dequantize.isEmpty)
        for op in dequantize {
            let input = graph.tensors[op.inputs[0]], output = graph.tensors[op.outputs[0]]
            #expect(input.type == .float16 && output.type == .float32)
            #expect(input.shape == output.shape)
            let isDensified = graph.operators.contains { $0.outputs.contains(op.inputs[0]) }
            #expect(isDensified || model.data(of: input.buffer).count == input.elementCount * 2)
        }
        for tensor in graph.tensors where tensor.sparsity != nil {
            #expect(tensor.type == .float16)
            #expect(!model.data(of: tensor.buffer).isEmpty)
        }
    }

    @Test func faceDetectorOptions() throws {
        let model = try Model(bytes: try RealModels.bytes("face_detector.tflite"))
        let graph = model.subgraphs[0]
        let firstConv = try #require(graph.operators.first { model.operatorCodes[$0.opcodeIndex].builtin == .conv2D })
        #expect(graph.tensors[firstConv.inputs[1]].shape == [24, 5, 5, 3])
        #expect(firstConv.options == .conv2D(Conv2DOptions(padding: .same, strideW: 2, strideH: 2)))
        let pools = graph.operators.filter { model.operatorCodes[$0.opcodeIndex].builtin == .maxPool2D }
        #expect(pools.count == 3)
        #expect(pools.allSatisfy { $0.options == .pool2D(Pool2DOptions(padding: .same, strideW: 2, strideH: 2, filterW: 2, filterH: 2)) })
        let concatenations = graph.operators.filter { model.operatorCodes[$0.opcodeIndex].builtin == .concatenation }
        #expect(concatenations.allSatisfy { $0.options == .concatenation(axis: 1, fusedActivation: .none) })
        let reshapes = Set(graph.operators.compactMap { op -> [Int]? in
            if case .reshape(let shape) = op.options { return shape }
            return nil
        })
        #expect(reshapes == [[1, -1, 16], [1, -1, 1]])
    }

    @Test func fullRangeSparseOptionsAndSparsity() throws {
        let model = try Model(bytes: try RealModels.bytes("face_detection_full_range_sparse.tflite"))
        let graph = model.subgraphs[0]
        let resizes = graph.operators.filter { model.operatorCodes[$0.opcodeIndex].builtin == .resizeBilinear }
        #expect(resizes.count == 3)
        #expect(resizes.allSatisfy { $0.options == .resizeBilinear(alignCorners: false, halfPixelCenters: true) })
        let depthToSpace = graph.operators.filter { model.operatorCodes[$0.opcodeIndex].builtin == .depthToSpace }
        #expect(depthToSpace.map(\.options) == [.depthToSpace(blockSize: 2), .depthToSpace(blockSize: 2)])
        // A 1×1 convolution's weights [8, 1, 1, 32], stored as CSR over the last dimension.
        let sparse = try #require(graph.tensors.first { $0.name == "model_1/model/conv2d_1/Conv2D_dequantize" })
        let sparsity = try #require(sparse.sparsity)
        #expect(sparse.shape == [8, 1, 1, 32])
        #expect(sparsity.traversalOrder == [0, 1, 2, 3] && sparsity.blockMap.isEmpty)
        guard case .sparseCSR(let segments, let indices) = sparsity.dimensionMetadata[3] else {
            Issue.record("the last dimension should be CSR")
            return
        }
        #expect(Array(sparsity.dimensionMetadata[0..<3]) == [.dense(size: 8), .dense(size: 1), .dense(size: 1)])
        #expect(segments.count == 9 && segments.first == 0 && segments.last == indices.count)
        #expect(indices.count == 77 && indices.allSatisfy { (0..<32).contains($0) })
        #expect(model.data(of: sparse.buffer).count == 77 * 2)
        #expect(try sparsity.storedValueCount(denseShape: sparse.shape) == 77)
        // DENSIFY turns each sparse tensor into a dense float16 one of the same shape.
        let densify = graph.operators.filter { model.operatorCodes[$0.opcodeIndex].builtin == .densify }
        #expect(densify.count == 46)
        #expect(densify.allSatisfy { graph.tensors[$0.inputs[0]].sparsity != nil && graph.tensors[$0.outputs[0]].shape == graph.tensors[$0.inputs[0]].shape })
    }

    @Test func blendshapeOptions() throws {
        let model = try Model(bytes: try RealModels.bytes("face_blendshapes.tflite"))
        let graph = model.subgraphs[0]
        let first = graph.operators[0]
        #expect(model.operatorCodes[first.opcodeIndex].builtin == .mean)
        #expect(first.options == .reducer(keepDims: true))
        let slices = graph.operators.filter { model.operatorCodes[$0.opcodeIndex].builtin == .stridedSlice }
        #expect(slices.count == 4)
        #expect(slices.last?.options == .stridedSlice(StridedSliceOptions(beginMask: 2, endMask: 2, shrinkAxisMask: 1)))
        #expect(graph.operators.contains { $0.options == .concatenation(axis: -2, fusedActivation: .none) })
        let negations = graph.operators.filter { model.operatorCodes[$0.opcodeIndex].builtin == .neg }
        #expect(negations.count == 8 && negations.allSatisfy { $0.options == .other(unionType: 42) })
    }

    /// scripts/setup assembles pose_landmarker_full.task from the two legacy files, unchanged.
    @Test func poseTaskMembersAreTheLegacyModels() throws {
        let bundle = try TaskBundle(contentsOf: RealModels.poseLandmarkerTask)
        #expect(bundle.memberNames == ["pose_detector.tflite", "pose_landmarks_detector.tflite"])
        #expect(try bundle.data(named: "pose_detector.tflite") == RealModels.bytes("pose_detection.tflite"))
        let landmarks = try bundle.model(named: "pose_landmarks_detector.tflite")
        #expect(landmarks.subgraphs[0].outputs.count == 5)
    }

    @Test func readsFromAFileAndReportsMissingFiles() throws {
        let model = try Model(contentsOf: Assets.model("face_detection_short_range.tflite"))
        #expect(model.subgraphs[0].tensors.count == 250)
        let missing = Assets.model("no_such_model.tflite")
        let error = #expect(throws: ModelError.self) { _ = try Model(contentsOfFile: missing.path) }
        guard case .unreadable(let path, _)? = error else {
            Issue.record("expected .unreadable, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("no_such_model.tflite"))
    }

    @Test func builtinOperatorNames() {
        #expect(BuiltinOperator.conv2D.name == "CONV_2D")
        #expect(BuiltinOperator(rawValue: 126).name == "BATCH_MATMUL")
        #expect(BuiltinOperator(rawValue: 150).name == "GELU")
        #expect(BuiltinOperator(rawValue: 9999).name == "BUILTIN_9999")
    }
}

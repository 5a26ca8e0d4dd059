import Inference
import TFLite
import Testing
import TestSupport

@Suite struct ConstantFoldingTests {
    @Test func float16DequantizeIsFoldedExactly() throws {
        // ADD(x, DEQUANTIZE(fp16 constant)): 1, -2, the smallest subnormal, the largest finite half.
        var m = SyntheticModel()
        let x = m.activation([4])
        let half = m.float16([4], bits: [0x3C00, 0xC000, 0x0001, 0x7BFF])
        let weights = m.activation([4])
        let y = m.activation([4])
        m.op(.dequantize, [half], [weights])
        m.op(.add, [x, weights], [y], .elementwise(fusedActivation: .none))
        let interpreter = try Interpreter(model: m.model(inputs: [x], outputs: [y]), options: .init(backend: .reference))
        #expect(interpreter.kernelAssignments.map(\.op) == ["ADD"])
        #expect(interpreter.kernelAssignments.first?.node == 1)
        try interpreter.copyInput([0, 0, 0, 0], at: 0)
        try interpreter.invoke()
        #expect(interpreter.output(at: 0) == [1, -2, 0x1p-24, 65504])
    }

    @Test func everyHalfConvertsExactly() {
        // All 65,536 bit patterns against IEEE 754's definition (the vector path and the scalar
        // one, which takes groups with an infinity or NaN, whose payloads must survive).
        let halves = (0...UInt16.max).map { $0 }
        let converted = HalfFloat.floats(fromBits: halves)
        let expected = halves.map { bits -> UInt32 in
            let sign = UInt32(bits & 0x8000) << 16, exponent = UInt32(bits >> 10) & 0x1F, mantissa = UInt32(bits & 0x3FF)
            if exponent == 0x1F { return sign | 0x7F80_0000 | mantissa << 13 }
            if exponent > 0 { return sign | (exponent + 112) << 23 | mantissa << 13 }
            return sign | (Float(mantissa) * 0x1p-24).bitPattern
        }
        #expect(converted.map(\.bitPattern) == expected)
        #expect(HalfFloat.floats(fromBits: [0x3C00, 0x7E01, 0x0001]).map(\.bitPattern) == [0x3F80_0000, 0x7FC0_2000, 0x3380_0000])
    }

    /// A model's float16 bytes convert as their halves do: in place at an even address, from a
    /// copy at an odd one.
    @Test func halvesConvertFromAModelsBytes() {
        let halves: [UInt16] = (0..<1000).map { UInt16(truncatingIfNeeded: $0 &* 40_503 &+ 17) }
        let bytes: [UInt8] = [0xAB] + halves.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let expected = HalfFloat.floats(fromBits: halves).map(\.bitPattern)
        let odd = bytes[1...], even = ([0xAB, 0xCD] + bytes[1...])[2...]
        #expect(odd.withUnsafeBytes { Int(bitPattern: $0.baseAddress!) % 2 } == 1)
        #expect(even.withUnsafeBytes { Int(bitPattern: $0.baseAddress!) % 2 } == 0)
        #expect(HalfFloat.floats(fromLittleEndian: odd).map(\.bitPattern) == expected)
        #expect(HalfFloat.floats(fromLittleEndian: even).map(\.bitPattern) == expected)
        #expect(HalfFloat.floats(fromLittleEndian: bytes[1..<4]).map(\.bitPattern) == [expected[0]])
    }

    @Test func sparseCSRWeightsAreDensified() throws {
        // fp16 [2, 3] stored as CSR rows: row 0 has column 2 (= 1), row 1 columns 0 and 1 (= 2, 0.5).
        var m = SyntheticModel()
        let sparsity = Sparsity(traversalOrder: [0, 1], blockMap: [], dimensionMetadata: [
            .dense(size: 2), .sparseCSR(segments: [0, 1, 3], indices: [2, 0, 1]),
        ])
        let sparse = m.float16([2, 3], bits: [0x3C00, 0x4000, 0x3800], sparsity: sparsity)
        let dense16 = m.activation([2, 3], type: .float16)
        let dense = m.activation([2, 3])
        let x = m.activation([2, 3])
        let y = m.activation([2, 3])
        m.op(.densify, [sparse], [dense16])
        m.op(.dequantize, [dense16], [dense])
        m.op(.mul, [x, dense], [y])
        let interpreter = try Interpreter(model: m.model(inputs: [x], outputs: [y]), options: .init(backend: .reference))
        #expect(interpreter.kernelAssignments.count == 1)
        try interpreter.copyInput([1, 1, 1, 1, 1, 1], at: 0)
        try interpreter.invoke()
        #expect(interpreter.output(at: 0) == [0, 0, 1, 2, 0.5, 0])
    }

    @Test func blockSparseWeightsAreDensified() throws {
        // float32 [2, 4] in 1x2 blocks: row 0 holds block column 1 (v0 v1), row 1 block column 0 (v2 v3).
        var m = SyntheticModel()
        let sparsity = Sparsity(traversalOrder: [0, 1, 2], blockMap: [1], dimensionMetadata: [
            .dense(size: 2), .sparseCSR(segments: [0, 1, 2], indices: [1, 0]), .dense(size: 2),
        ])
        let sparse = m.float32([2, 4], [1, 2, 3, 4], sparsity: sparsity)
        let dense = m.activation([2, 4])
        let x = m.activation([2, 4])
        let y = m.activation([2, 4])
        m.op(.densify, [sparse], [dense])
        m.op(.add, [x, dense], [y])
        let interpreter = try Interpreter(model: m.model(inputs: [x], outputs: [y]), options: .init(backend: .reference))
        try interpreter.copyInput([Float](repeating: 0, count: 8), at: 0)
        try interpreter.invoke()
        #expect(interpreter.output(at: 0) == [0, 0, 1, 2, 3, 4, 0, 0])
    }

    @Test func rejectsSparseMetadataThatPointsOutside() {
        var m = SyntheticModel()
        let sparsity = Sparsity(traversalOrder: [0, 1], blockMap: [], dimensionMetadata: [
            .dense(size: 2), .sparseCSR(segments: [0, 1, 3], indices: [2, 0, 7]),
        ])
        let sparse = m.float32([2, 3], [1, 2, 3], sparsity: sparsity)
        let dense = m.activation([2, 3])
        let x = m.activation([2, 3])
        let y = m.activation([2, 3])
        m.op(.densify, [sparse], [dense])
        m.op(.add, [x, dense], [y])
        #expect(throws: InferenceError.self) { try Interpreter(model: m.model(inputs: [x], outputs: [y]), options: .init(backend: .reference)) }
    }

    @Test func dequantizeOfAnActivationIsUnsupported() {
        var m = SyntheticModel()
        let x = m.activation([2], type: .float16)
        let y = m.activation([2])
        m.op(.dequantize, [x], [y])
        #expect {
            try Interpreter(model: m.model(inputs: [x], outputs: [y]), options: .init(backend: .reference))
        } throws: { error in
            guard case InferenceError.unsupportedOperator(let name, let node) = error else { return false }
            return name.hasPrefix("DEQUANTIZE") && node == 0
        }
    }
}

@Suite struct GraphValidationTests {
    @Test func unsupportedOperatorIsNamedAtLoad() {
        var m = SyntheticModel()
        let x = m.activation([2])
        let y = m.activation([2])
        let z = m.activation([2])
        m.op(.relu, [x], [y])
        m.op(.exp, [y], [z])
        #expect(throws: InferenceError.unsupportedOperator(name: "EXP", node: 1)) {
            try Interpreter(model: m.model(inputs: [x], outputs: [z]), options: .init(backend: .reference))
        }
    }

    @Test func declaredShapeMustMatchComputedShape() {
        var m = SyntheticModel()
        let x = m.activation([1, 4])
        let axes = m.int32([1], [1])
        let y = m.activation([1, 4], name: "mean")
        m.op(.mean, [x, axes], [y], .reducer(keepDims: true))
        #expect(throws: InferenceError.shapeMismatch(op: "MEAN", node: 0, tensor: "mean", declared: [1, 4], computed: [1, 1])) {
            try Interpreter(model: m.model(inputs: [x], outputs: [y]), options: .init(backend: .reference))
        }
    }

    @Test func wrongOptionsAndArityAreInvalidNodes() {
        var m = SyntheticModel()
        let x = m.activation([1, 2, 2, 1])
        let y = m.activation([1, 2, 2, 1])
        m.op(.conv2D, [x], [y], .pool2D(Pool2DOptions(padding: .same, strideW: 1, strideH: 1, filterW: 1, filterH: 1)))
        #expect {
            try Interpreter(model: m.model(inputs: [x], outputs: [y]), options: .init(backend: .reference))
        } throws: { error in
            guard case InferenceError.invalidNode(let op, let node, _) = error else { return false }
            return op == "CONV_2D" && node == 0
        }
    }

    @Test func activationsMustBeFloat32() {
        var m = SyntheticModel()
        let x = m.activation([2], type: .int8)
        let y = m.activation([2])
        m.op(.relu, [x], [y])
        #expect {
            try Interpreter(model: m.model(inputs: [x], outputs: [y]), options: .init(backend: .reference))
        } throws: { error in
            if case InferenceError.unsupportedTensorType = error { return true }
            return false
        }
    }

    @Test func readingATensorBeforeItIsWrittenIsInvalid() {
        var m = SyntheticModel()
        let x = m.activation([2])
        let y = m.activation([2])
        let z = m.activation([2])
        m.op(.add, [x, z], [y])
        m.op(.relu, [y], [z])
        #expect {
            try Interpreter(model: m.model(inputs: [x], outputs: [z]), options: .init(backend: .reference))
        } throws: { error in
            if case InferenceError.invalidGraph = error { return true }
            return false
        }
    }

    /// Every DEQUANTIZE and DENSIFY is folded, and so is every PAD of rows and columns that one
    /// convolution reads (``Graph/foldingSpatialPads()``); nothing else disappears.
    @Test(arguments: LiteRTGolden.stems)
    func realModelsFoldEveryDequantizeAndDensify(stem: String) throws {
        let model = try LiteRTGolden.load(stem).loadModel()
        let interpreter = try Interpreter(model: model, options: .init(backend: .reference))
        let codes = model.subgraphs[0].operators.map { model.operatorCodes[$0.opcodeIndex].builtin }
        let folded = codes.filter { $0 == .dequantize || $0 == .densify }.count
        let foldedPads = codes.filter { $0 == .pad }.count - interpreter.kernelAssignments.filter { $0.op == "PAD" }.count
        let foldedActivations = codes.filter { $0 == .relu || $0 == .relu6 }.count
            - interpreter.kernelAssignments.filter { $0.op == "RELU" || $0.op == "RELU6" }.count
        #expect(interpreter.kernelAssignments.count == codes.count - folded - foldedPads - foldedActivations)
        #expect(interpreter.kernelAssignments.allSatisfy { $0.backend == "reference" && $0.op != "DEQUANTIZE" && $0.op != "DENSIFY" })
        // The full-range face detector pads explicitly before 41 of its depthwise convolutions;
        // the short-range ones follow 17 convolutions and ADDs with a RELU.
        if stem == "face_detection_full_range_sparse" { #expect(foldedPads >= 40) }
        if stem == "face_detector" || stem == "face_detection_short_range" { #expect(foldedActivations == 17) }
    }
}

@Suite struct DensifyShapeTests {
    @Test func densifyOutputSmallerThanItsInputIsRejected() {
        var m = SyntheticModel()
        let sparsity = Sparsity(traversalOrder: [0, 1], blockMap: [], dimensionMetadata: [
            .dense(size: 2), .sparseCSR(segments: [0, 1, 2], indices: [2, 2]),
        ])
        let sparse = m.float32([2, 3], [1, 2], sparsity: sparsity)
        let dense = m.activation([2])
        let x = m.activation([2])
        let y = m.activation([2])
        m.op(.densify, [sparse], [dense])
        m.op(.add, [x, dense], [y])
        #expect(throws: InferenceError.self) { try Interpreter(model: m.model(inputs: [x], outputs: [y]), options: .init(backend: .reference)) }
    }
}

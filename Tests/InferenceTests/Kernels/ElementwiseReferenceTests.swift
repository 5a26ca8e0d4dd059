import Inference
import TFLite
import Testing

@Suite struct BinaryReferenceTests {
    @Test func addBroadcastsBothOperands() throws {
        // [2, 1] + [1, 3] -> [2, 3]: out[i][j] = a[i] + b[j].
        let (shape, values) = try reference(.add, .elementwise(fusedActivation: .none), [
            .activation(shape: [2, 1], values: [10, 20]),
            .activation(shape: [1, 3], values: [1, 2, 3]),
        ])
        #expect(shape == [2, 3])
        #expect(values == [11, 12, 13, 21, 22, 23])
    }

    @Test func mulByScalarConstantAndLowerRank() throws {
        let scalar = try reference(.mul, .none, [
            .activation(shape: [1, 2, 2], values: [1, 2, 3, 4]),
            .constant(shape: [], values: [0.5]),
        ])
        #expect(scalar.shape == [1, 2, 2])
        #expect(scalar.values == [0.5, 1, 1.5, 2])
        // [1, 1, 2, 1] * [3]: the trailing 1 broadcasts to 3 (blendshapes' MUL x[1,1,97,1] ∘ c[64]).
        let lower = try reference(.mul, .none, [
            .activation(shape: [1, 1, 2, 1], values: [2, -1]),
            .constant(shape: [3], values: [1, 2, 3]),
        ])
        #expect(lower.shape == [1, 1, 2, 3])
        #expect(lower.values == [2, 4, 6, -1, -2, -3])
    }

    @Test func subDivSquaredDifference() throws {
        let a: SingleNodeInput = .activation(shape: [1, 3, 2], values: [1, 2, 3, 4, 5, 6])
        let b: SingleNodeInput = .activation(shape: [1, 1, 2], values: [1, 2])
        #expect(try reference(.sub, .none, [a, b]).values == [0, 0, 2, 2, 4, 4])
        #expect(try reference(.div, .none, [a, b]).values == [1, 1, 3, 2, 5, 3])
        #expect(try reference(.squaredDifference, .none, [a, b]).values == [0, 0, 4, 4, 16, 16])
    }

    @Test func rowAgainstOneBroadcastValueKeepsOperandOrder() throws {
        // [2, 3] ∘ [2, 1] and [2, 1] ∘ [2, 3]: one operand's innermost axis is broadcast, as in
        // blendshapes' SQUARED_DIFFERENCE x[1,1,97,64] ∘ mean[1,1,97,1].
        let rows: SingleNodeInput = .activation(shape: [2, 3], values: [1, 2, 3, 4, 5, 6])
        let column: SingleNodeInput = .activation(shape: [2, 1], values: [2, 8])
        #expect(try reference(.sub, .none, [rows, column]).values == [-1, 0, 1, -4, -3, -2])
        #expect(try reference(.sub, .none, [column, rows]).values == [1, 0, -1, 4, 3, 2])
        #expect(try reference(.div, .none, [column, rows]).values == [2, 1, 2.0 / 3, 2, 1.6, 8.0 / 6])
        #expect(try reference(.squaredDifference, .none, [rows, column]).values == [1, 0, 1, 16, 9, 4])
    }

    @Test func fusedActivationsClamp() throws {
        let inputs: [SingleNodeInput] = [
            .activation(shape: [4], values: [-3, -0.5, 0.5, 8]),
            .constant(shape: [4], values: [0, 0, 0, 0]),
        ]
        #expect(try reference(.add, .elementwise(fusedActivation: .relu), inputs).values == [0, 0, 0.5, 8])
        #expect(try reference(.add, .elementwise(fusedActivation: .relu6), inputs).values == [0, 0, 0.5, 6])
        #expect(try reference(.add, .elementwise(fusedActivation: .reluN1To1), inputs).values == [-1, -0.5, 0.5, 1])
        #expect(throws: InferenceError.self) {
            try reference(.add, .elementwise(fusedActivation: .tanh), inputs)
        }
    }

    @Test func rejectsShapesThatDoNotBroadcast() {
        #expect(throws: InferenceError.self) {
            try reference(.add, .none, [
                .activation(shape: [2, 3], values: ramp(6)),
                .activation(shape: [2], values: [1, 2]),
            ])
        }
    }
}

@Suite struct UnaryReferenceTests {
    @Test func eachOperation() throws {
        let x: [Float] = [-2, 0, 0.25, 4, 9]
        func run(_ op: BuiltinOperator, _ values: [Float] = x) throws -> [Float] {
            try reference(op, .none, [.activation(shape: [values.count], values: values)]).values
        }
        #expect(try run(.neg) == [2, 0, -0.25, -4, -9])
        #expect(try run(.relu) == [0, 0, 0.25, 4, 9])
        #expect(try run(.relu6) == [0, 0, 0.25, 4, 6])
        #expect(try run(.sqrt, [0, 0.25, 4, 9]) == [0, 0.5, 2, 3])
        #expect(try run(.rsqrt, [0.25, 4, 16]) == [2, 0.5, 0.25])
        #expect(close(try run(.logistic, [-2, 0, 3]), [0.11920292, 0.5, 0.95257413]))
        #expect(close(try run(.tanh, [-1, 0, 0.5]), [-0.7615942, 0, 0.46211716]))
        #expect(try run(.hardSwish, [-4, -1, 0, 1, 4]) == [0, -1.0 / 3, 0, 4.0 / 6, 4])
    }
}

@Suite struct PReLUReferenceTests {
    @Test func perChannelAlphaBroadcastsOverPixels() throws {
        // NHWC [1, 2, 1, 2] with alpha [1, 1, 2] = (0.1, 0.5): negatives scale per channel.
        let (shape, values) = try reference(.prelu, .none, [
            .activation(shape: [1, 2, 1, 2], values: [-10, -10, 3, -4]),
            .constant(shape: [1, 1, 2], values: [0.1, 0.5]),
        ])
        #expect(shape == [1, 2, 1, 2])
        #expect(values == [-1, -5, 3, -2])
    }
}

import Inference
import TFLite
import Testing

@Suite struct PadReferenceTests {
    @Test func padsWithZerosOnEverySide() throws {
        // [1, 1, 2, 1] padded by (1, 0) rows and (0, 1) columns -> [1, 2, 3, 1].
        let (shape, values) = try reference(.pad, .none, [
            .activation(shape: [1, 1, 2, 1], values: [5, 6]),
            .int32(shape: [4, 2], values: [0, 0, 1, 0, 0, 1, 0, 0]),
        ])
        #expect(shape == [1, 2, 3, 1])
        #expect(values == [0, 0, 0, 5, 6, 0])
    }

    @Test func padsChannels() throws {
        // The face detector's channel padding: [1, 1, 1, 2] -> [1, 1, 1, 5] with 3 zeros after.
        let (shape, values) = try reference(.pad, .none, [
            .activation(shape: [1, 1, 1, 2], values: [1, 2]),
            .int32(shape: [4, 2], values: [0, 0, 0, 0, 0, 0, 0, 3]),
        ])
        #expect(shape == [1, 1, 1, 5])
        #expect(values == [1, 2, 0, 0, 0])
    }

    @Test func rejectsNegativePaddings() {
        #expect(throws: InferenceError.self) {
            try reference(.pad, .none, [
                .activation(shape: [2], values: [1, 2]),
                .int32(shape: [1, 2], values: [-1, 0]),
            ])
        }
    }
}

@Suite struct ReshapeReferenceTests {
    @Test func shapeInputWithInferredDimension() throws {
        let (shape, values) = try reference(.reshape, .none, [
            .activation(shape: [1, 2, 2, 3], values: ramp(12)),
            .int32(shape: [3], values: [1, -1, 3]),
        ])
        #expect(shape == [1, 4, 3])
        #expect(values == ramp(12))
    }

    @Test func optionsShapeWhenTheInputIsAbsent() throws {
        let (shape, _) = try reference(.reshape, .reshape(newShape: [1, -1, 1]), [.activation(shape: [1, 2, 2, 2], values: ramp(8))])
        #expect(shape == [1, 8, 1])
    }

    @Test func squeeze() throws {
        let all = try reference(.squeeze, .squeeze(dimensions: []), [.activation(shape: [1, 3, 1], values: ramp(3))])
        #expect(all.shape == [3])
        let listed = try reference(.squeeze, .squeeze(dimensions: [-1]), [.activation(shape: [1, 3, 1], values: ramp(3))])
        #expect(listed.shape == [1, 3])
    }

    @Test func rejectsWrongElementCount() {
        #expect(throws: InferenceError.self) {
            try reference(.reshape, .none, [.activation(shape: [6], values: ramp(6)), .int32(shape: [2], values: [4, -1])])
        }
    }
}

@Suite struct ConcatenationReferenceTests {
    @Test func innerAxisInterleavesBlocks() throws {
        // [2, 1] ++ [2, 2] along -1 -> [2, 3].
        let (shape, values) = try reference(.concatenation, .concatenation(axis: -1, fusedActivation: .none), [
            .activation(shape: [2, 1], values: [1, 2]),
            .constant(shape: [2, 2], values: [10, 11, 20, 21]),
        ])
        #expect(shape == [2, 3])
        #expect(values == [1, 10, 11, 2, 20, 21])
    }

    @Test func outerAxisWithThreeInputsAndRelu() throws {
        let (shape, values) = try reference(.concatenation, .concatenation(axis: 1, fusedActivation: .relu), [
            .activation(shape: [1, 1, 2], values: [1, -2]),
            .activation(shape: [1, 2, 2], values: [3, -4, 5, 6]),
            .activation(shape: [1, 1, 2], values: [-7, 8]),
        ])
        #expect(shape == [1, 4, 2])
        #expect(values == [1, 0, 3, 0, 5, 6, 0, 8])
    }

    @Test func rejectsMismatchedShapes() {
        #expect(throws: InferenceError.self) {
            try reference(.concatenation, .concatenation(axis: 0, fusedActivation: .none), [
                .activation(shape: [1, 2], values: [1, 2]),
                .activation(shape: [1, 3], values: [1, 2, 3]),
            ])
        }
    }
}

@Suite struct TransposeReferenceTests {
    @Test func swapsTheLastTwoDimensions() throws {
        let (shape, values) = try reference(.transpose, .none, [
            .activation(shape: [1, 1, 2, 3], values: ramp(6)),
            .int32(shape: [4], values: [0, 1, 3, 2]),
        ])
        #expect(shape == [1, 1, 3, 2])
        #expect(values == [1, 4, 2, 5, 3, 6])
    }

    @Test func rotatesThreeDimensions() throws {
        // out[i][j][k] = in[j][k][i] for perm [2, 0, 1] on [2, 2, 2].
        let (shape, values) = try reference(.transpose, .none, [
            .activation(shape: [2, 2, 2], values: ramp(8, from: 0)),
            .int32(shape: [3], values: [2, 0, 1]),
        ])
        #expect(shape == [2, 2, 2])
        #expect(values == [0, 2, 4, 6, 1, 3, 5, 7])
    }

    @Test func rejectsANonPermutation() {
        #expect(throws: InferenceError.self) {
            try reference(.transpose, .none, [.activation(shape: [2, 2], values: ramp(4)), .int32(shape: [2], values: [0, 0])])
        }
    }
}

@Suite struct DepthToSpaceReferenceTests {
    @Test func dcrOrder() throws {
        // Channels (a0 a1 b0 b1 c0 c1 d0 d1) at one pixel -> 2x2 pixels a, b / c, d of 2 channels.
        let (shape, values) = try reference(.depthToSpace, .depthToSpace(blockSize: 2), [
            .activation(shape: [1, 1, 1, 8], values: ramp(8)),
        ])
        #expect(shape == [1, 2, 2, 2])
        #expect(values == ramp(8))
    }

    @Test func twoByTwoPixels() throws {
        // Input [1, 1, 2, 4] (two pixels p, q of 4 channels) -> [1, 2, 4, 1]: row 0 = p0 p1 q0 q1,
        // row 1 = p2 p3 q2 q3.
        let (shape, values) = try reference(.depthToSpace, .depthToSpace(blockSize: 2), [
            .activation(shape: [1, 1, 2, 4], values: [1, 2, 3, 4, 5, 6, 7, 8]),
        ])
        #expect(shape == [1, 2, 4, 1])
        #expect(values == [1, 2, 5, 6, 3, 4, 7, 8])
    }
}

import Inference
import TFLite
import Testing

@Suite struct ReduceReferenceTests {
    let input: SingleNodeInput = .activation(shape: [1, 2, 3, 2], values: ramp(12))

    @Test func meanOverSpatialAxesKeepingDims() throws {
        // Channel 0 holds 1, 3, ..., 11 (mean 6); channel 1 holds 2, 4, ..., 12 (mean 7).
        let (shape, values) = try reference(.mean, .reducer(keepDims: true), [input, .int32(shape: [2], values: [1, 2])])
        #expect(shape == [1, 1, 1, 2])
        #expect(values == [6, 7])
    }

    @Test func negativeAxisWithoutKeepDims() throws {
        let (shape, values) = try reference(.sum, .reducer(keepDims: false), [input, .int32(shape: [1], values: [-1])])
        #expect(shape == [1, 2, 3])
        #expect(values == [3, 7, 11, 15, 19, 23])
    }

    @Test func scalarAxisAndRepeatedAxes() throws {
        let mean = try reference(.mean, .reducer(keepDims: true), [input, .int32(shape: [], values: [-2])])
        #expect(mean.shape == [1, 2, 1, 2])
        #expect(mean.values == [3, 4, 9, 10])
        let repeated = try reference(.sum, .reducer(keepDims: false), [input, .int32(shape: [3], values: [1, -3, 3])])
        #expect(repeated.shape == [1, 3])
        #expect(repeated.values == [18, 26, 34])  // axes {1, 3}: w = 0 sums 1 + 2 + 7 + 8
    }

    @Test func rejectsAxisOutOfRange() {
        #expect(throws: InferenceError.self) {
            try reference(.mean, .reducer(keepDims: true), [input, .int32(shape: [1], values: [4])])
        }
    }
}

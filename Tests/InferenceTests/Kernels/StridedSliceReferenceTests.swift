import Inference
import TFLite
import Testing

@Suite struct StridedSliceReferenceTests {
    func slice(
        _ shape: [Int], begin: [Int32], end: [Int32], strides: [Int32], _ options: StridedSliceOptions = .init()
    ) throws -> (shape: [Int], values: [Float]) {
        let n = begin.count
        return try reference(.stridedSlice, .stridedSlice(options), [
            .activation(shape: shape, values: ramp(shape.reduce(1, *), from: 0)),
            .int32(shape: [n], values: begin), .int32(shape: [n], values: end), .int32(shape: [n], values: strides),
        ])
    }

    @Test func stepTwoAlongColumns() throws {
        // [2, 5] = 0...9; columns 1 and 3 of both rows.
        let (shape, values) = try slice([2, 5], begin: [0, 1], end: [2, 5], strides: [1, 2])
        #expect(shape == [2, 2])
        #expect(values == [1, 3, 6, 8])
    }

    @Test func negativeIndicesAndClamping() throws {
        #expect(try slice([5], begin: [-3], end: [-1], strides: [1]).values == [2, 3])
        #expect(try slice([3], begin: [-10], end: [10], strides: [1]).values == [0, 1, 2])
    }

    @Test func negativeStrides() throws {
        #expect(try slice([5], begin: [4], end: [0], strides: [-2]).values == [4, 2])
        // end masked with a negative stride runs past index 0.
        #expect(try slice([5], begin: [-1], end: [0], strides: [-1], StridedSliceOptions(endMask: 1)).values == [4, 3, 2, 1, 0])
    }

    @Test func beginAndEndMasksAsInTheBlendshapesModel() throws {
        // [1, 1, 4, 3], begin 0, end [0, 0, 2, 0], begin mask 15, end mask 11: first 2 rows of dim 2.
        let (shape, values) = try slice([1, 1, 4, 3], begin: [0, 0, 0, 0], end: [0, 0, 2, 0], strides: [1, 1, 1, 1],
                                        StridedSliceOptions(beginMask: 15, endMask: 11))
        #expect(shape == [1, 1, 2, 3])
        #expect(values == ramp(6, from: 0))
    }

    @Test func shrinkAxisDropsTheDimension() throws {
        // The blendshapes output: [1, 52] -> [52]; here [1, 4] -> [4].
        let (shape, values) = try slice([1, 4], begin: [0, 0], end: [1, 4], strides: [1, 1],
                                        StridedSliceOptions(beginMask: 2, endMask: 2, shrinkAxisMask: 1))
        #expect(shape == [4])
        #expect(values == [0, 1, 2, 3])
        // Shrinking a middle dimension at a negative index: row -1 of [2, 3] -> [3].
        let row = try slice([2, 3], begin: [-1], end: [0], strides: [1], StridedSliceOptions(shrinkAxisMask: 1))
        #expect(row.shape == [3])
        #expect(row.values == [3, 4, 5])
    }

    @Test func ellipsisCoversTheLeadingDimensions() throws {
        // x[..., 1:3] on [2, 3, 4].
        let (shape, values) = try slice([2, 3, 4], begin: [0, 1], end: [0, 3], strides: [1, 1], StridedSliceOptions(ellipsisMask: 1))
        #expect(shape == [2, 3, 2])
        #expect(Array(values.prefix(4)) == [1, 2, 5, 6])
    }

    @Test func newAxisInsertsADimension() throws {
        // x[newaxis, 0:1] on [2, 3] -> [1, 1, 3].
        let (shape, values) = try slice([2, 3], begin: [0, 0], end: [0, 1], strides: [1, 1], StridedSliceOptions(newAxisMask: 1))
        #expect(shape == [1, 1, 3])
        #expect(values == [0, 1, 2])
    }

    @Test func offsetMakesEndRelative() throws {
        #expect(try slice([5], begin: [1], end: [2], strides: [1], StridedSliceOptions(offset: true)).values == [1, 2])
    }

    @Test func rejectsZeroStrideAndBadShrink() {
        #expect(throws: InferenceError.self) { try slice([3], begin: [0], end: [3], strides: [0]) }
        #expect(throws: InferenceError.self) { try slice([3], begin: [3], end: [4], strides: [1], StridedSliceOptions(shrinkAxisMask: 1)) }
    }
}

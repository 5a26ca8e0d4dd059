import Inference
import TFLite
import Testing

@Suite struct PoolingReferenceTests {
    @Test func maxPoolSameSkipsPadding() throws {
        // 3x3 input of negatives -1...-9, 2x2 stride 2 SAME: out 2x2, padding after. Padded
        // positions must not count as 0 (all values are negative).
        let (shape, values) = try reference(
            .maxPool2D, .pool2D(Pool2DOptions(padding: .same, strideW: 2, strideH: 2, filterW: 2, filterH: 2)),
            [.activation(shape: [1, 3, 3, 1], values: ramp(9).map { -$0 })])
        #expect(shape == [1, 2, 2, 1])
        #expect(values == [-1, -3, -7, -9])
    }

    @Test func maxPoolValidPerChannel() throws {
        // 2x2 input, 2 channels: channel 0 = 1, 5, 3, 2; channel 1 = -1, -5, -3, -2.
        let (shape, values) = try reference(
            .maxPool2D, .pool2D(Pool2DOptions(padding: .valid, strideW: 2, strideH: 2, filterW: 2, filterH: 2)),
            [.activation(shape: [1, 2, 2, 2], values: [1, -1, 5, -5, 3, -3, 2, -2])])
        #expect(shape == [1, 1, 1, 2])
        #expect(values == [5, -1])
    }

    @Test func averagePoolDividesByPositionsInside() throws {
        // 3x3 input 1...9, 2x2 stride 2 SAME: (1,1) covers only pixel 9 -> 9, (0,1) covers 3, 6 -> 4.5.
        let (_, values) = try reference(
            .averagePool2D, .pool2D(Pool2DOptions(padding: .same, strideW: 2, strideH: 2, filterW: 2, filterH: 2)),
            [.activation(shape: [1, 3, 3, 1], values: ramp(9))])
        #expect(values == [3, 4.5, 7.5, 9])
    }
}

@Suite struct FullyConnectedReferenceTests {
    @Test func rowsTimesWeightsPlusBias() throws {
        // Input [2, 3], weights [2, 3]: out[r, o] = dot(in[r], W[o]) + bias[o].
        let (shape, values) = try reference(
            .fullyConnected, .fullyConnected(fusedActivation: .none, keepNumDims: false),
            [
                .activation(shape: [2, 3], values: [1, 2, 3, 4, 5, 6]),
                .constant(shape: [2, 3], values: [1, 0, -1, 0.5, 0.5, 0.5]),
                .constant(shape: [2], values: [10, 0]),
            ])
        #expect(shape == [2, 2])
        #expect(values == [8, 3, 8, 7.5])
    }

    @Test func keepNumDimsKeepsLeadingDimensions() throws {
        let (shape, values) = try reference(
            .fullyConnected, .fullyConnected(fusedActivation: .relu, keepNumDims: true),
            [
                .activation(shape: [1, 2, 2], values: [1, -1, 2, 3]),
                .constant(shape: [1, 2], values: [1, 1]),
            ])
        #expect(shape == [1, 2, 1])
        #expect(values == [0, 5])
    }
}

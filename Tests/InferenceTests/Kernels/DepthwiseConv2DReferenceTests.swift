import Inference
import TFLite
import Testing

@Suite struct DepthwiseConv2DReferenceTests {
    @Test func eachChannelHasItsOwnFilter() throws {
        // Input [1, 2, 2, 2]: channel 0 = 1, 2, 3, 4; channel 1 = 10, 20, 30, 40. 2x2 VALID filter:
        // channel 0 weights all 1 (sum 10), channel 1 weights 0.1 (sum 10); bias 1 and 2.
        let (shape, values) = try reference(
            .depthwiseConv2D, .depthwiseConv2D(DepthwiseConv2DOptions(padding: .valid, strideW: 1, strideH: 1)),
            [
                .activation(shape: [1, 2, 2, 2], values: [1, 10, 2, 20, 3, 30, 4, 40]),
                .constant(shape: [1, 2, 2, 2], values: [1, 0.1, 1, 0.1, 1, 0.1, 1, 0.1]),
                .constant(shape: [2], values: [1, 2]),
            ])
        #expect(shape == [1, 1, 1, 2])
        #expect(close(values, [11, 12]))
    }

    @Test func biasComputedAtRunTime() throws {
        // A bias that is a graph input is read at every invoke, like a constant one.
        let input = noise(5 * 7 * 12, seed: 31), filter = noise(9 * 12, seed: 32), bias = noise(12, seed: 33)
        let options = OperatorOptions.depthwiseConv2D(DepthwiseConv2DOptions(padding: .same, strideW: 1, strideH: 1))
        let constant = try reference(.depthwiseConv2D, options, [
            .activation(shape: [1, 5, 7, 12], values: input),
            .constant(shape: [1, 3, 3, 12], values: filter),
            .constant(shape: [12], values: bias),
        ])
        let computed = try reference(.depthwiseConv2D, options, [
            .activation(shape: [1, 5, 7, 12], values: input),
            .constant(shape: [1, 3, 3, 12], values: filter),
            .activation(shape: [12], values: bias),
        ])
        #expect(computed.values == constant.values)
        #expect(computed.values.contains { $0 != 0 })
    }

    @Test func depthMultiplierTwo() throws {
        // One input channel (1...9, 3x3), multiplier 2: output channel 0 is a 3x3 SAME box sum,
        // output channel 1 the centre tap times -1.
        var filter = [Float](repeating: 0, count: 18)
        for tap in 0..<9 { filter[tap * 2] = 1 }
        filter[4 * 2 + 1] = -1
        let (shape, values) = try reference(
            .depthwiseConv2D, .depthwiseConv2D(DepthwiseConv2DOptions(padding: .same, strideW: 1, strideH: 1, depthMultiplier: 2)),
            [
                .activation(shape: [1, 3, 3, 1], values: ramp(9)),
                .constant(shape: [1, 3, 3, 2], values: filter),
            ])
        #expect(shape == [1, 3, 3, 2])
        let boxSums: [Float] = [12, 21, 16, 27, 45, 33, 24, 39, 28]
        #expect(stride(from: 0, to: 18, by: 2).map { values[$0] } == boxSums)
        #expect(stride(from: 1, to: 18, by: 2).map { values[$0] } == ramp(9).map { -$0 })
    }

    @Test func strideTwoSameWithRelu() throws {
        // 4x1 column 1, -2, 3, -4 with a vertical [1, 1, 1] filter, stride 2 SAME (pad 0 before,
        // 1 after): outputs 1 - 2 + 3 = 2 and 3 - 4 + 0 = -1 -> ReLU 0.
        let (shape, values) = try reference(
            .depthwiseConv2D, .depthwiseConv2D(DepthwiseConv2DOptions(padding: .same, strideW: 1, strideH: 2, fusedActivation: .relu)),
            [
                .activation(shape: [1, 4, 1, 1], values: [1, -2, 3, -4]),
                .constant(shape: [1, 3, 1, 1], values: [1, 1, 1]),
            ])
        #expect(shape == [1, 2, 1, 1])
        #expect(values == [2, 0])
    }

    @Test(arguments: [(1, Padding.same, 3), (2, Padding.valid, 3), (2, Padding.same, 3), (1, Padding.same, 13), (2, Padding.same, 13)])
    func fourPixelBlocksMatchTheOnePixelLoop(stride: Int, padding: Padding, channels c: Int) throws {
        // With multiplier 1, interior runs of four pixels are summed together and channels go in
        // SIMD lanes (13 channels = 8 + 4 + 1: every lane width); multiplier 2 always takes the
        // scalar one-pixel loop. Channel 2c of a multiplier-2 filter whose even channels hold the
        // multiplier-1 weights must equal channel c of the multiplier-1 result bit for bit.
        let (h, w) = (5, 13)
        let input = noise(h * w * c, seed: 11)
        let weights = noise(9 * c, seed: 12)
        let bias = noise(c, seed: 13)
        var doubled = noise(9 * 2 * c, seed: 14)
        var doubledBias = noise(2 * c, seed: 15)
        for tap in 0..<9 {
            for ch in 0..<c { doubled[tap * 2 * c + 2 * ch] = weights[tap * c + ch] }
        }
        for ch in 0..<c { doubledBias[2 * ch] = bias[ch] }
        func run(_ filter: [Float], _ bias: [Float], multiplier: Int) throws -> [Float] {
            try reference(
                .depthwiseConv2D,
                .depthwiseConv2D(DepthwiseConv2DOptions(padding: padding, strideW: stride, strideH: stride, depthMultiplier: multiplier)),
                [
                    .activation(shape: [1, h, w, c], values: input),
                    .constant(shape: [1, 3, 3, c * multiplier], values: filter),
                    .constant(shape: [c * multiplier], values: bias),
                ]).values
        }
        let single = try run(weights, bias, multiplier: 1)
        let double = try run(doubled, doubledBias, multiplier: 2)
        #expect(single.count * 2 == double.count)
        #expect(single == Swift.stride(from: 0, to: double.count, by: 2).map { double[$0] })
    }
}

import Inference
import TFLite
import Testing

@Suite struct Conv2DReferenceTests {
    @Test func sameStrideOneSumsTheNeighbourhood() throws {
        // Input [1, 3, 3, 1] = 1...9, filter [1, 3, 3, 1] of ones, bias 0.5: each output is the sum
        // of the in-bounds 3x3 neighbourhood plus 0.5.
        let (shape, values) = try reference(
            .conv2D, .conv2D(Conv2DOptions(padding: .same, strideW: 1, strideH: 1)),
            [
                .activation(shape: [1, 3, 3, 1], values: ramp(9)),
                .constant(shape: [1, 3, 3, 1], values: [Float](repeating: 1, count: 9)),
                .constant(shape: [1], values: [0.5]),
            ])
        #expect(shape == [1, 3, 3, 1])
        #expect(values == [12, 21, 16, 27, 45, 33, 24, 39, 28].map { $0 + 0.5 })
    }

    @Test func validStrideTwoWithTwoChannelsAndRelu6() throws {
        // Input [1, 3, 3, 2]: channel 0 = 1...9, channel 1 = -(1...9). Filter 2x2, stride 2, VALID:
        // one output pixel from the top-left 2x2 window (pixels 1, 2, 4, 5).
        // Output 0 weights channel 0 by 1 and channel 1 by 0: 1+2+4+5 = 12, clamped to 6.
        // Output 1 weights channel 0 by 0 and channel 1 by -0.5: 6, minus bias 1 = 5.
        var input: [Float] = []
        for v in ramp(9) { input += [v, -v] }
        let (shape, values) = try reference(
            .conv2D, .conv2D(Conv2DOptions(padding: .valid, strideW: 2, strideH: 2, fusedActivation: .relu6)),
            [
                .activation(shape: [1, 3, 3, 2], values: input),
                .constant(shape: [2, 2, 2, 2], values: [1, 0, 1, 0, 1, 0, 1, 0, 0, -0.5, 0, -0.5, 0, -0.5, 0, -0.5]),
                .constant(shape: [2], values: [0, -1]),
            ])
        #expect(shape == [1, 1, 1, 2])
        #expect(values == [6, 5])
    }

    @Test func sameStrideTwoPadsTheExtraRowAfter() throws {
        // Input 4x4 (1...16), 3x3 ones, stride 2, SAME: out 2x2, total padding 1 = 0 before, 1 after.
        // Output (0,0) sums rows 0-2, cols 0-2: 1+2+3+5+6+7+9+10+11 = 54.
        // Output (1,1) sums rows 2-3, cols 2-3 (row/col 4 is padding): 11+12+15+16 = 54.
        let (shape, values) = try reference(
            .conv2D, .conv2D(Conv2DOptions(padding: .same, strideW: 2, strideH: 2)),
            [
                .activation(shape: [1, 4, 4, 1], values: ramp(16)),
                .constant(shape: [1, 3, 3, 1], values: [Float](repeating: 1, count: 9)),
                .omitted,
            ])
        #expect(shape == [1, 2, 2, 1])
        let expected: [Float] = [54, 45, 72, 54]  // (0,1): 3+4+7+8+11+12; (1,0): 9+10+11+13+14+15
        #expect(values == expected)
    }

    @Test func dilationSkipsInputs() throws {
        // Input 5x5 (1...25), 2x2 filter of ones with dilation 2, VALID: out 3x3; output (0,0)
        // sums pixels (0,0), (0,2), (2,0), (2,2) = 1 + 3 + 11 + 13.
        let (shape, values) = try reference(
            .conv2D, .conv2D(Conv2DOptions(padding: .valid, strideW: 1, strideH: 1, dilationW: 2, dilationH: 2)),
            [
                .activation(shape: [1, 5, 5, 1], values: ramp(25)),
                .constant(shape: [1, 2, 2, 1], values: [1, 1, 1, 1]),
            ])
        #expect(shape == [1, 3, 3, 1])
        #expect(values[0] == 28)
        #expect(values[8] == 76)  // 13 + 15 + 23 + 25
    }

    @Test(arguments: [(1, 1, Padding.same), (2, 1, Padding.same), (2, 2, Padding.valid), (1, 2, Padding.same)])
    func fewAndManyOutputChannelsAgree(stride: Int, dilation: Int, padding: Padding) throws {
        // Output channels go in SIMD lanes: 4 lanes for at most 4 channels, else blocks of 8 (9
        // channels: one full block and one partial one). Lanes are independent sums of the same
        // terms in the same order, so channels 0 and 8 of a 9-channel filter must equal the
        // 1-channel results bit for bit. The input is wide enough (17 columns) for several
        // four-pixel blocks per row next to the one-pixel loop at the edges.
        let input = noise(1 * 7 * 17 * 5, seed: 3)
        let filter = noise(9 * 3 * 3 * 5, seed: 4)
        let bias = noise(9, seed: 5)
        let options = OperatorOptions.conv2D(Conv2DOptions(
            padding: padding, strideW: stride, strideH: 1, dilationW: dilation, dilationH: dilation))
        let wide = try reference(.conv2D, options, [
            .activation(shape: [1, 7, 17, 5], values: input),
            .constant(shape: [9, 3, 3, 5], values: filter),
            .constant(shape: [9], values: bias),
        ])
        let narrow = try reference(.conv2D, options, [
            .activation(shape: [1, 7, 17, 5], values: input),
            .constant(shape: [1, 3, 3, 5], values: Array(filter[0..<45])),
            .constant(shape: [1], values: [bias[0]]),
        ])
        let last = try reference(.conv2D, options, [
            .activation(shape: [1, 7, 17, 5], values: input),
            .constant(shape: [1, 3, 3, 5], values: Array(filter[(8 * 45)..<(9 * 45)])),
            .constant(shape: [1], values: [bias[8]]),
        ])
        #expect(wide.values.count == narrow.values.count * 9)
        #expect(narrow.values == Swift.stride(from: 0, to: wide.values.count, by: 9).map { wide.values[$0] })
        #expect(last.values == Swift.stride(from: 8, to: wide.values.count, by: 9).map { wide.values[$0] })
    }

    @Test func pointwiseBlocksMatchTheGeneralLoop() throws {
        // 1x1 convolutions run four pixels at a time. The same weights at the centre of a 3x3
        // filter of zeros (SAME padding) take the general loop; adding exact zeros changes nothing,
        // so both must agree bit for bit. 3x5 = 15 pixels: three blocks of four and a remainder.
        let (cin, cout) = (6, 11)
        let input = noise(15 * cin, seed: 7)
        let weights = noise(cout * cin, seed: 8)
        let bias = noise(cout, seed: 9)
        var centred = [Float](repeating: 0, count: cout * 9 * cin)
        for co in 0..<cout {
            for ci in 0..<cin { centred[(co * 9 + 4) * cin + ci] = weights[co * cin + ci] }
        }
        let options = OperatorOptions.conv2D(Conv2DOptions(padding: .same, strideW: 1, strideH: 1, fusedActivation: .relu6))
        let pointwise = try reference(.conv2D, options, [
            .activation(shape: [1, 3, 5, cin], values: input),
            .constant(shape: [cout, 1, 1, cin], values: weights),
            .constant(shape: [cout], values: bias),
        ])
        let general = try reference(.conv2D, options, [
            .activation(shape: [1, 3, 5, cin], values: input),
            .constant(shape: [cout, 3, 3, cin], values: centred),
            .constant(shape: [cout], values: bias),
        ])
        #expect(pointwise.shape == [1, 3, 5, cout])
        #expect(pointwise.values == general.values)
        #expect(pointwise.values.contains { $0 > 0 })
    }

    @Test func filterAndBiasComputedAtRunTime() throws {
        // Weights are packed once at load only when they are constants; as graph inputs they are
        // read at every invoke and must give the same result as the constants.
        let input = noise(4 * 6 * 3, seed: 21), filter = noise(5 * 3 * 3 * 3, seed: 22), bias = noise(5, seed: 23)
        let options = OperatorOptions.conv2D(Conv2DOptions(padding: .same, strideW: 1, strideH: 1))
        let constant = try reference(.conv2D, options, [
            .activation(shape: [1, 4, 6, 3], values: input),
            .constant(shape: [5, 3, 3, 3], values: filter),
            .constant(shape: [5], values: bias),
        ])
        let computed = try reference(.conv2D, options, [
            .activation(shape: [1, 4, 6, 3], values: input),
            .activation(shape: [5, 3, 3, 3], values: filter),
            .activation(shape: [5], values: bias),
        ])
        #expect(computed.values == constant.values)
        #expect(computed.values.contains { $0 != 0 })
    }

    @Test func rejectsMismatchedFilter() {
        #expect(throws: InferenceError.self) {
            try reference(.conv2D, .conv2D(Conv2DOptions(padding: .same, strideW: 1, strideH: 1)), [
                .activation(shape: [1, 3, 3, 2], values: ramp(18)),
                .constant(shape: [1, 1, 1, 3], values: [1, 1, 1]),
            ])
        }
    }
}

import Inference
import TFLite
import Testing

@Suite struct Conv2DReferenceTests {
    @Test func sameStrideOneSumsTheNeighbourhood() throws {
        // Input [1, 3, 3, 1] = 1...9, filter [1, 3, 3, 1] of ones, bias 0.5: each output is the sum
        // of the in-bounds 3x3 neighbourhood plus 0.5.
        let result = try runSingleNode(
            op: .conv2D, options: .conv2D(Conv2DOptions(padding: .same, strideW: 1, strideH: 1)),
            inputs: [
                .activation(shape: [1, 3, 3, 1], values: (1...9).map(Float.init)),
                .constant(shape: [1, 3, 3, 1], values: [Float](repeating: 1, count: 9)),
                .constant(shape: [1], values: [0.5]),
            ])
        #expect(result.shapes == [[1, 3, 3, 1]])
        #expect(result.values[0] == [12, 21, 16, 27, 45, 33, 24, 39, 28].map { $0 + 0.5 })
    }
}

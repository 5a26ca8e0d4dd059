import Inference
import TFLite
import Testing

@Suite struct ResizeBilinearReferenceTests {
    // Input 2x2 = [[1, 2], [3, 4]] resized to 4x4.
    func resize(alignCorners: Bool, halfPixelCenters: Bool) throws -> [Float] {
        let (shape, values) = try reference(
            .resizeBilinear, .resizeBilinear(alignCorners: alignCorners, halfPixelCenters: halfPixelCenters),
            [.activation(shape: [1, 2, 2, 1], values: [1, 2, 3, 4]), .int32(shape: [2], values: [4, 4])])
        #expect(shape == [1, 4, 4, 1])
        return values
    }

    @Test func defaultScalesByInputOverOutput() throws {
        // Source coordinates 0, 0.5, 1, 1.5; the last clamps to the edge.
        #expect(try resize(alignCorners: false, halfPixelCenters: false) == [
            1, 1.5, 2, 2,
            2, 2.5, 3, 3,
            3, 3.5, 4, 4,
            3, 3.5, 4, 4,
        ])
    }

    @Test func alignCornersMapsCornersToCorners() throws {
        // Scale (2 - 1) / (4 - 1) = 1/3.
        let values = try resize(alignCorners: true, halfPixelCenters: false)
        #expect(close(Array(values[0..<4]), [1, 4.0 / 3, 5.0 / 3, 2]))
        #expect(close(Array(values[12..<16]), [3, 10.0 / 3, 11.0 / 3, 4]))
        #expect(close([values[4]], [1 + 2.0 / 3]))
    }

    @Test func halfPixelCentersClampsBothEnds() throws {
        // Source coordinates -0.25, 0.25, 0.75, 1.25: the outer ones clamp to the edge values.
        #expect(try resize(alignCorners: false, halfPixelCenters: true) == [
            1, 1.25, 1.75, 2,
            1.5, 1.75, 2.25, 2.5,
            2.5, 2.75, 3.25, 3.5,
            3, 3.25, 3.75, 4,
        ])
    }

    @Test func rejectsBothFlags() {
        #expect(throws: InferenceError.self) { try resize(alignCorners: true, halfPixelCenters: true) }
    }
}

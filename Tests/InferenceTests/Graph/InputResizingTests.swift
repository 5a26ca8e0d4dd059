import Inference
import Testing
import TestSupport

/// ``InterpreterOptions/inputShape`` (docs/engine.md §2, step 6): a fully convolutional detector
/// runs on a larger input with every activation's shape computed again; models that cannot follow
/// are refused at load.
@Suite("Input resizing")
struct InputResizingTests {
    /// The short-range face detector at 320×192 against LiteRT resized the same way, on every
    /// backend, with the gate of the other models (docs/parity.md §4).
    @Test(arguments: parityBackends)
    func resizedFaceDetectorMatchesLiteRT(backend: InterpreterOptions.Backend) throws {
        let golden = try LiteRTGolden.load("face_detection_short_range_192x320")
        let run = try #require(golden.seeds.first)
        let shape = try #require(run.inputs.first?.shape)
        #expect(shape == [1, 192, 320, 3])
        let interpreter = try Interpreter(model: golden.loadModel(),
                                          options: InterpreterOptions(backend: backend, inputShape: shape))
        // 40×24 cells of stride 8 with 2 anchors, 20×12 of stride 16 with 6: 3360.
        #expect(interpreter.outputs.map(\.shape) == [[1, 3360, 16], [1, 3360, 1]])
        #expect(interpreter.outputs.map(\.shape) == golden.outputs.map(\.shape))
        for (index, values) in golden.inputs(for: run).enumerated() {
            try interpreter.copyInput(values, at: index)
        }
        try interpreter.invoke()
        for recorded in run.outputs {
            let expected = try golden.values(of: recorded)
            let difference = try #require(maxAbsoluteDifference(interpreter.output(at: recorded.index), expected))
            print("resized face detector, \(backend), output \(recorded.index): max|Δ| = \(difference)")
            #expect(difference <= 1e-4 * max(1, Float(recorded.maxAbs)))
        }
    }

    /// The palm detector upsamples with RESIZE_BILINEARs of a stored size (LiteRT cannot resize
    /// it); here they keep their scale factor, and the backends agree on the result.
    @Test func palmDetectorResizesItsUpsampling() throws {
        let golden = try LiteRTGolden.load("palm_detection_full")
        let model = try golden.loadModel()
        let shape = [1, 128, 160, 3]
        let reference = try Interpreter(model: model, options: InterpreterOptions(backend: .reference, inputShape: shape))
        // 20×16 cells of stride 8 with 2 anchors, 10×8 of stride 16 with 6: 1120.
        #expect(reference.outputs.map(\.shape) == [[1, 1120, 18], [1, 1120, 1]])
        let input: [Float] = (0..<(128 * 160 * 3)).map { (index: Int) -> Float in Float((index * 7919) % 256) / 255 }
        try reference.copyInput(input, at: 0)
        try reference.invoke()
        for backend in parityBackends where backend != .reference {
            let interpreter = try Interpreter(model: model, options: InterpreterOptions(backend: backend, inputShape: shape))
            try interpreter.copyInput(input, at: 0)
            try interpreter.invoke()
            for output in 0..<2 {
                let expected = reference.output(at: output)
                let difference = try #require(maxAbsoluteDifference(interpreter.output(at: output), expected))
                let largest: Float = expected.map { abs($0) }.max() ?? 0
                let scale = max(1, largest)
                #expect(difference <= 1e-4 * scale, "\(backend) output \(output): max |Δ| \(difference)")
            }
        }
    }

    /// Shapes the model cannot take are refused with a typed error at load: a landmark count the
    /// blendshapes model's fully connected layers do not take, another rank. The model's own
    /// shape is accepted as it is.
    @Test func shapesAModelCannotTakeAreRefused() throws {
        let detector = try LiteRTGolden.load("face_detection_short_range").loadModel()
        #expect(throws: InferenceError.self) {
            try Interpreter(model: detector, options: InterpreterOptions(backend: .reference, inputShape: [1, 128, 128]))
        }
        let same = try Interpreter(model: detector, options: InterpreterOptions(backend: .reference, inputShape: [1, 128, 128, 3]))
        #expect(same.outputs.map(\.shape) == [[1, 896, 16], [1, 896, 1]])
        let blendshapes = try LiteRTGolden.load("face_blendshapes").loadModel()
        #expect(throws: InferenceError.self) {
            try Interpreter(model: blendshapes, options: InterpreterOptions(backend: .reference, inputShape: [1, 200, 2]))
        }
    }
}

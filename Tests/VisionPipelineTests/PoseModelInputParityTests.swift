import Foundation
import Imaging
import Inference
import Testing
import TestSupport
import VisionCore
import VisionPipeline

/// Our image-to-tensor step and engine against MediaPipe 1.2.3's own, on the pose models
/// (`pose_model_outputs.json`, recorded through MediaPipe's ImageEmbedder task, which runs a model
/// through the same ImageToTensor and inference calculators as the landmarkers and returns its
/// output tensors unchanged).
///
/// Every output tensor is bit-identical: unrotated crops (including the pose detector's input),
/// quarter and half turns of square and non-square images. This needs MediaPipe 1.2.3's pixel
/// normalization, `float32(u8)·scale` then `+ offset`, each rounded (``ValueRange/lookupTable``;
/// one rounding of the multiply-add, as documented for 0.10.21, changed the detector's outputs by up
/// to 7e-4 and every pose ROI after them), and its reassociated rotated-rectangle corners
/// (``CropArithmetic/mediaPipe``; without them the quarter turn of bus.jpg differs).
@Suite struct PoseModelInputParityTests {
    struct Golden: Decodable {
        struct Output: Decodable {
            var count: Int
            var sha256: String
            var maxAbs: Float
            var first: [Float]
        }

        struct Case: Decodable {
            var id: String
            var model: String
            var image: String
            var regionOfInterest: [Float]?
            var rotationDegrees: Int
            var outputs: [Output]
        }

        var mediapipe: String
        var cases: [Case]
    }

    /// MediaPipe's `ConvertToNormalizedRect`: the region of interest (default the whole image),
    /// rotation `−degrees·π/180`, and for quarter turns width and height swapped and rescaled.
    static func rect(_ golden: Golden.Case, width: Int, height: Int) -> NormalizedRect {
        let roi = golden.regionOfInterest ?? [0, 0, 1, 1]
        var rect = NormalizedRect(xCenter: (roi[0] + roi[2]) / 2, yCenter: (roi[1] + roi[3]) / 2,
                                  width: roi[2] - roi[0], height: roi[3] - roi[1],
                                  rotation: Float(-Double(golden.rotationDegrees) * Double.pi / 180))
        if golden.rotationDegrees % 180 != 0 {
            let w = Float(width), h = Float(height)
            (rect.width, rect.height) = (rect.height * h / w, rect.width * w / h)
        }
        return rect
    }

    static func outputs(_ golden: Golden.Case, images: GoldenImageBuilder,
                        graph: PoseLandmarkerGraph) throws -> [[Float]] {
        let image = try images.image(named: golden.image)
        let kind: PoseLandmarkerGraph.ModelKind = golden.model == "pose_detector.tflite" ? .detector : .landmarks
        return try graph.rawModelOutputs(kind, image: image, rect: rect(golden, width: image.width, height: image.height))
    }

    static func load() throws -> (Golden, GoldenImageBuilder, PoseLandmarkerGraph) {
        let golden = try MediaPipeGoldens.load(Golden.self, from: "pose_model_outputs.json")
        let graph = try PoseLandmarkerGraph(modelPath: PoseImageParityTests.model,
                                            options: PoseLandmarkerGraphOptions(outputSegmentationMasks: true,
                                                                                engine: TestEngine.choice))
        return (golden, try GoldenImageBuilder(), graph)
    }

    /// Whether this processor runs the kernels the goldens were recorded with: XNNPACK's (and
    /// our) AVX-512F kernels. Elsewhere XNNPACK's AVX2 kernels add the same products in another
    /// order, so the last bit of a few outputs may differ (seen: 1 ulp on the rotated bus crops on
    /// an AVX2-only processor); the crops are still checked through the outputs' first values.
    /// The built-in backend (a build without XNNPACK) computes LOGISTIC as XNNPACK's AVX2 kernel
    /// does, so with AVX-512 its scores may be 1 ulp from the goldens' (docs/engine.md §4.2).
    static let runsMediaPipesKernels = FastBackend.usesAVX512 && TestEngine.choice.backend == .xnnpack
    static let otherKernelsTolerance: Float = 1e-5

    @Test func cropsAndInferenceGiveMediaPipesOutputsBitForBit() throws {
        let (golden, images, graph) = try Self.load()
        #expect(golden.mediapipe == "1.2.3")
        #expect(golden.cases.count == 6)
        for golden in golden.cases {
            let outputs = try Self.outputs(golden, images: images, graph: graph)
            try #require(outputs.count == golden.outputs.count, "\(golden.id)")
            for (index, (ours, theirs)) in zip(outputs, golden.outputs).enumerated() {
                #expect(ours.count == theirs.count, "\(golden.id) output \(index)")
                let head = Array(ours.prefix(theirs.first.count))
                if Self.runsMediaPipesKernels {
                    #expect(head == theirs.first, "\(golden.id) output \(index)")
                    #expect(SHA256.hex(ours) == theirs.sha256, "\(golden.id) output \(index) differs from MediaPipe's")
                } else {
                    let worst = zip(head, theirs.first).map { abs($0 - $1) }.max() ?? .infinity
                    #expect(worst <= Self.otherKernelsTolerance, "\(golden.id) output \(index): \(worst)")
                }
            }
        }
    }
}

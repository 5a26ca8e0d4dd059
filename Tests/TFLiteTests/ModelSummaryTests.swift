import Testing
import TestSupport
import TFLite

@Suite("Model summary for `vision-tasks inspect`")
struct ModelSummaryTests {
    @Test func faceLandmarksSummary() throws {
        let model = try Model(bytes: try RealModels.bytes("face_landmarks_detector.tflite"))
        let summary = model.summary
        #expect(summary.inputs.map(\.shape) == [[1, 256, 256, 3]])
        #expect(summary.inputs.first?.normalization == NormalizationOptions(mean: [0], std: [255]))
        #expect(summary.outputs.map(\.metadataName) == ["face_landmarks", "presence", "tongue_out"])
        #expect(summary.outputs.map(\.shape) == [[1, 1, 1, 1434], [1, 1, 1, 1], [1, 1]])
        #expect(summary.tensorCount == 727)
        #expect(summary.operatorCount == 471)
        #expect(summary.operatorCounts.first == .init(name: "DEQUANTIZE", count: 251))
        #expect(summary.operatorCounts.first { $0.name == "PRELU" }?.count == 69)
        // Nearly all of the 2.5 MB file is float16 weights.
        #expect(summary.parameterBytes > 2_000_000 && summary.parameterBytes < model.bytes.count)
        let text = summary.text
        #expect(text.contains("input_12  [1, 256, 256, 3] float32"))
        #expect(text.contains("normalize (x - 0) / 255"))
        #expect(text.contains("\"face_landmarks\""))
        #expect(text.contains("727 tensors, 471 operators"))
        #expect(text.contains("PRELU              69"))
    }

    @Test func parameterBytesCountEachConstantOnce() throws {
        let model = try Model(bytes: try RealModels.bytes("face_detector.tflite"))
        let graph = model.subgraphs[0]
        let constants = Set(graph.tensors.map(\.buffer)).filter { !model.buffers[$0].isEmpty }
        let float16Bytes = graph.tensors.filter { $0.type == .float16 }.reduce(0) { $0 + $1.elementCount * 2 }
        #expect(model.summary.parameterBytes == constants.reduce(0) { $0 + model.buffers[$1].range.count })
        #expect(model.summary.parameterBytes >= float16Bytes)
    }

    @Test func bundleSummaryListsEveryMember() throws {
        let text = try TaskBundle(contentsOf: RealModels.faceLandmarkerTask).summary()
        #expect(text.contains("face_detector.tflite (229746 bytes)"))
        #expect(text.contains("geometry_pipeline_metadata_landmarks.binarypb (19376 bytes)"))
        #expect(text.contains("  serving_default_input_points:0  [1, 146, 2] float32"))
        #expect(text.contains("normalize (x - 127.5) / 127.5"))
    }
}

@Suite("Inspect report")
struct InspectReportTests {
    @Test func reportsModelsAndBundlesByContent() throws {
        let model = try ModelSummary.report(contentsOf: Assets.model("pose_landmark_full.tflite"))
        #expect(model.contains("Identity_3  [1, 64, 64, 39] float32"))
        #expect(model.contains("535 tensors, 332 operators"))
        let bundle = try ModelSummary.report(contentsOf: RealModels.poseLandmarkerTask)
        #expect(bundle.contains("pose_detector.tflite (2959046 bytes)"))
        #expect(bundle.contains("  inputs:\n    input_1  [1, 224, 224, 3] float32"))
        #expect(throws: ModelError.self) { _ = try ModelSummary.report(contentsOf: Assets.fixture("tflite/structure.json")) }
    }
}

import Testing
import TestSupport
import TFLite

@Suite("TFLite model metadata")
struct ModelMetadataTests {
    /// The detector expects [-1, 1] input: (x - 127.5) / 127.5 (MediaPipe's metadata writer).
    @Test(arguments: ["face_detector.tflite", "face_detection_short_range.tflite", "face_detection_full_range_sparse.tflite"])
    func detectorsNormalizeToMinusOneOne(name: String) throws {
        let model = try Model(bytes: try RealModels.bytes(name))
        let metadata = try #require(model.modelMetadata)
        #expect(metadata.inputs.count == 1)
        let input = try #require(metadata.inputs.first)
        #expect(input.name == "image")
        #expect(input.normalization == NormalizationOptions(mean: [127.5], std: [127.5]))
        #expect(input.content == .image(colorSpace: "RGB"))
        #expect(metadata.outputs.map(\.name) == ["raw boxes/keypoints", "scores"])
    }

    @Test func faceDetectorMetadata() throws {
        let metadata = try #require(try Model(bytes: try RealModels.bytes("face_detector.tflite")).modelMetadata)
        #expect(metadata.name == "Short Range Face Detection")
        let normalization = try #require(metadata.inputs.first?.normalization)
        #expect(normalization.parameters(forChannel: 2)?.mean == 127.5)
        #expect(normalization.parameters(forChannel: 0)?.std == 127.5)
    }

    /// The landmark model expects [0, 1] input: (x - 0) / 255.
    @Test func faceLandmarksNormalizeToZeroOne() throws {
        let model = try Model(bytes: try RealModels.bytes("face_landmarks_detector.tflite"))
        let metadata = try #require(model.modelMetadata)
        #expect(metadata.name == "Face mesh detection model v2")
        #expect(metadata.inputs.first?.normalization == NormalizationOptions(mean: [0], std: [255]))
        #expect(metadata.outputs.map(\.name) == ["face_landmarks", "presence", "tongue_out"])
        #expect(model.metadata.map(\.name) == ["min_runtime_version", "CONVERSION_METADATA", "TFLITE_METADATA"])
    }

    @Test(arguments: ["face_blendshapes.tflite", "pose_landmark_full.tflite"])
    func modelsWithoutMetadata(name: String) throws {
        let model = try Model(bytes: try RealModels.bytes(name))
        #expect(model.modelMetadata == nil)
        #expect(!model.metadata.contains { $0.name == ModelMetadata.entryName })
        #expect(model.metadata.contains { $0.name == "min_runtime_version" })
    }

    @Test func perChannelNormalization() {
        let options = NormalizationOptions(mean: [1, 2, 3], std: [4, 5, 6])
        #expect(options.parameters(forChannel: 1)! == (2, 5))
        #expect(options.parameters(forChannel: 3) == nil)
    }

    @Test func rejectsForeignMetadata() throws {
        let model = try Model(bytes: try RealModels.bytes("face_detector.tflite"))
        // The model itself is a flatbuffer, but with the "TFL3" identifier, not "M001".
        let error = #expect(throws: ModelError.self) { _ = try ModelMetadata(bytes: model.bytes) }
        #expect(error?.description.contains("M001") == true)
        #expect(throws: ModelError.tooSmall(size: 3)) { _ = try ModelMetadata(bytes: [1, 2, 3]) }
    }
}

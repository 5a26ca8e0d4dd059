import Testing
import VisionPipeline

@Test func pipelineErrorDescriptionsNameTheProblem() {
    #expect(PipelineError.modelNotFound(path: "/x.task").description.contains("/x.task"))
    #expect(PipelineError.invalidModel(path: "p", detail: "missing face_detector.tflite").description
        .contains("face_detector.tflite"))
}

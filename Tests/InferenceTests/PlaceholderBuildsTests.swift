import Testing
import Inference

@Test func inferenceModuleLinks() {
    #expect(Bool(true))
}

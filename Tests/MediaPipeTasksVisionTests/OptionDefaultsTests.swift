import Foundation
import MediaPipeTasksVision
import Testing

@Suite struct OptionDefaultsTests {
    @Test func baseOptionsDefaults() {
        let options = BaseOptions()
        #expect(options.modelAssetPath == "")
        #expect(options.delegate == .CPU)
        #expect(options.inferenceBackend == .xnnpack)
        #expect(options.threadCount == 1)
    }
}

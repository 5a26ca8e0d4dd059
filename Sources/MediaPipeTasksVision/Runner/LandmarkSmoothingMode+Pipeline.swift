import VisionPipeline

extension LandmarkSmoothingMode {
    var pipelineSmoothing: LandmarkSmoothing {
        switch self {
        case .mediaPipe: .mediaPipe
        case .allTracked: .allTracked
        case .off: .off
        }
    }
}

import Imaging
import VisionCore

// Single stages of the graph, visible to this package only (`package`), never to its users: the
// parity tests drive the stages one at a time against MediaPipe's recorded stage outputs.

extension PoseLandmarkerGraph {
    /// Package stage access: the unsmoothed pose in `roi` of `input` (nil when its presence fails), and its
    /// next-frame ROI.
    package func pose(in roi: NormalizedRect, of input: PipelineImage) throws(PipelineError)
        -> (pose: PipelinePose, nextROI: NormalizedRect?)? {
        let frame = PoseFrame(input, rotation: options.detectorRotation)
        guard let estimate = try estimate(roi, in: frame) else { return nil }
        return (Self.pipelinePose(estimate), estimate.nextROI)
    }

    /// Package stage access: the ROIs MediaPipe's tracking carries into the next frame (nil before the first
    /// frame and after a reset).
    package var trackedROIs: [NormalizedRect]? { primaryTrackedROIs }
}

extension PoseLandmarkerGraph {
    /// The two models of the graph, for ``rawModelOutputs(_:image:rect:)``.
    package enum ModelKind: Sendable {
        case detector
        case landmarks
    }

    /// Package stage access: every output tensor of one of the graph's models on `rect` of `image`, cropped as
    /// MediaPipe's ImageEmbedder does (stretched to the model's square input, replicated border,
    /// the model's value range; no letterbox).
    package func rawModelOutputs(_ kind: ModelKind, image: Image, rect: NormalizedRect) throws(PipelineError) -> [[Float]] {
        let runner = kind == .detector ? detector.runner : landmarkStage.runner
        let size = kind == .detector ? PoseDetectorStage.inputSize : PoseLandmarkStage.inputSize
        let range = kind == .detector ? detector.range : landmarkStage.range
        let options = TensorCropOptions(width: size, height: size, keepAspectRatio: false, border: .replicate,
                                        valueRange: range)
        try runner.run(rect, of: image, options: options)
        return (0..<runner.interpreter.outputs.count).map { runner.output($0) }
    }
}

import VisionCore

extension PoseLandmarkerGraph {
    /// Test hook: the unsmoothed pose in `roi` of `input` (nil when its presence fails), and its
    /// next-frame ROI.
    package func pose(in roi: NormalizedRect, of input: PipelineImage) throws(PipelineError)
        -> (pose: PipelinePose, nextROI: NormalizedRect?)? {
        let frame = PoseFrame(input, rotation: options.detectorRotation)
        guard let estimate = try estimate(roi, in: frame) else { return nil }
        return (Self.pipelinePose(estimate), estimate.nextROI)
    }

    /// Test hook: the ROIs MediaPipe's tracking carries into the next frame (nil before the first
    /// frame and after a reset).
    package var trackedROIs: [NormalizedRect]? { primaryTrackedROIs }
}

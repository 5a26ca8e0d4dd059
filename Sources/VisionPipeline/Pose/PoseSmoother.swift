import VisionCore

/// MediaPipe's pose smoothing for one pose (docs/pipeline.md §8.3): a visibility low-pass (α 0.1)
/// then a One-Euro filter on the landmarks in pixels, scaled by the pose's next-frame ROI, and the
/// same for world landmarks (own visibility filter, One-Euro without value scaling, in metres).
/// Presence, the ROIs and the mask are not smoothed.
struct PoseSmoother {
    private var visibility: VisibilitySmoother
    private var landmarks: LandmarksSmoother
    private var worldVisibility: VisibilitySmoother
    private var world: LandmarksSmoother

    /// Throws ``PipelineError/invalidArgument(_:)`` for invalid filter settings.
    init(_ parameters: PoseSmoothingParameters) throws(PipelineError) {
        guard parameters.visibilityAlpha >= 0, parameters.visibilityAlpha <= 1 else {
            throw .invalidArgument("visibilityAlpha must be in [0, 1], got \(parameters.visibilityAlpha)")
        }
        do {
            landmarks = try LandmarksSmoother(parameters: parameters.landmarks)
            world = try LandmarksSmoother(parameters: parameters.worldLandmarks)
        } catch {
            throw .invalidArgument("pose smoothing parameters: \(error)")
        }
        visibility = VisibilitySmoother(alpha: parameters.visibilityAlpha)
        worldVisibility = VisibilitySmoother(alpha: parameters.visibilityAlpha)
    }

    /// Smooths `pose` of a `width`×`height` frame at `timestamp` (ns) in place.
    mutating func smooth(_ pose: inout PoseEstimate, width: Int, height: Int, timestamp: Int64) throws(PipelineError) {
        do {
            let visible = try visibility.smooth(pose.landmarks)
            pose.landmarks = try landmarks.smooth(visible, imageWidth: width, imageHeight: height, timestamp: timestamp,
                                                  objectScaleROI: pose.nextROI ?? pose.roi)
            let worldVisible = try worldVisibility.smooth(pose.worldLandmarks)
            pose.worldLandmarks = try world.smoothUnscaled(worldVisible, timestamp: timestamp)
        } catch {
            throw .inference("pose smoothing: \(error)")
        }
    }
}

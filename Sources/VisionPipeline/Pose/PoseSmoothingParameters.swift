import VisionCore

/// The filters of pose smoothing (docs/pipeline.md §8.3); the defaults are MediaPipe's constants.
public struct PoseSmoothingParameters: Sendable, Hashable {
    /// One-Euro filter on the landmarks, in pixels, scaled by the pose's ROI (MediaPipe:
    /// min_cutoff 0.05, beta 80, derivate_cutoff 1).
    public var landmarks: LandmarksSmoothingParameters
    /// One-Euro filter on the world landmarks, in metres, unscaled (MediaPipe: min_cutoff 0.1,
    /// beta 40, derivate_cutoff 1).
    public var worldLandmarks: LandmarksSmoothingParameters
    /// Low-pass factor on visibility, in [0, 1]: `v = α·new + (1 − α)·previous` (MediaPipe 0.1).
    public var visibilityAlpha: Float

    public init(landmarks: LandmarksSmoothingParameters = .poseLandmarks,
                worldLandmarks: LandmarksSmoothingParameters = .poseWorldLandmarks, visibilityAlpha: Float = 0.1) {
        self.landmarks = landmarks
        self.worldLandmarks = worldLandmarks
        self.visibilityAlpha = visibilityAlpha
    }

    /// MediaPipe's constants.
    public static let mediaPipe = PoseSmoothingParameters()
}

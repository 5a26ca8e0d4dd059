import VisionCore

/// One face carried from frame to frame in streaming mode: its next-frame ROI and, when smoothing
/// is on for it, its One-Euro state.
struct FaceTrack {
    var rect: NormalizedRect
    var smoother: LandmarksSmoother?
}

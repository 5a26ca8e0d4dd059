/// VisionTasks extension: how the landmarkers smooth landmarks over time in the video and
/// live-stream modes (image mode never smooths).
public enum LandmarkSmoothingMode: UInt, Sendable, CaseIterable {
    /// MediaPipe's behaviour, the default: One-Euro smoothing with MediaPipe's constants, only
    /// when the task tracks a single subject (`numFaces` / `numPoses` == 1).
    case mediaPipe = 0
    /// One-Euro smoothing with MediaPipe's constants for every tracked face or pose, each with
    /// its own filter state.
    case allTracked = 1
    /// No smoothing: the raw per-frame landmarks.
    case off = 2
}

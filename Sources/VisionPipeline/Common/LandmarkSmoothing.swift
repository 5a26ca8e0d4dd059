/// How a streaming graph (VIDEO / LIVE_STREAM) smooths landmarks over time.
public enum LandmarkSmoothing: Sendable, Hashable {
    /// MediaPipe's behaviour: One-Euro smoothing with MediaPipe's constants, applied only when the
    /// graph tracks a single subject (numFaces / numPoses == 1); otherwise no smoothing.
    case mediaPipe
    /// One-Euro smoothing with MediaPipe's constants for every tracked subject, each with its own
    /// filter state (beyond MediaPipe).
    case allTracked
    /// No smoothing.
    case off
}

/// How the pose graph maps detections from the detector's crop back to the image when the input
/// has a non-``Orientation/up`` orientation.
///
/// MediaPipe's pose detector removes only the letterbox (`DetectionLetterboxRemovalCalculator`,
/// docs/pipeline.md §6.3): with a rotation, the detections stay in the rotated crop's frame but
/// are used as image coordinates, so poses are looked for in the wrong place (MediaPipe 1.2.3
/// finds no pose on the astronaut rotated by 270°, and some landmarks at x < 0 at 90°).
public enum PoseDetectorRotation: Sendable, Hashable {
    /// MediaPipe's behaviour, bug for bug (the default, for numerical parity). Mirrored
    /// orientations, which MediaPipe rejects, always use ``undone``.
    case mediaPipe
    /// Detections are projected back through the crop's matrix, which undoes the letterbox, the
    /// rotation and the mirror (as MediaPipe's face detector does): rotated inputs give the same
    /// poses as upright ones.
    case undone
}

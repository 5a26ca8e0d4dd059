/// What the warp samples outside the source image.
public enum BorderMode: String, Sendable, Hashable, CaseIterable {
    /// Taps outside the image read 0 (OpenCV `BORDER_CONSTANT` with value 0; MediaPipe `ZERO`).
    case zero
    /// Taps outside the image read the nearest edge pixel (OpenCV `BORDER_REPLICATE`; MediaPipe's
    /// default).
    case replicate
}

/// The landmark-model ROIs that MediaPipe's face and pose graphs derive from detections.
public enum DetectionROI {
    /// The face landmarker's ROI from a (projected) face detection (docs/pipeline.md §4.2): box centre and
    /// size, rotation from keypoint 0 (right eye) → 1 (left eye) in pixels with target 0, then
    /// ×1.5 without squaring. `nil` if the detection has fewer than 2 keypoints.
    public static func face(_ detection: RelativeDetection, imageWidth: Int, imageHeight: Int) -> NormalizedRect? {
        guard let rect = detection.rect(rotationFrom: 0, to: 1, targetAngle: 0,
                                        imageWidth: imageWidth, imageHeight: imageHeight) else { return nil }
        return RectTransformation.faceFromDetection.apply(to: rect, imageWidth: imageWidth, imageHeight: imageHeight)
    }

    /// The pose landmarker's ROI from a pose detection (docs/pipeline.md §6.2): alignment points kp0 (hip
    /// centre) → kp1 with target 90°, then ×1.25 with square_long. `nil` if the detection has
    /// fewer than 2 keypoints.
    public static func pose(_ detection: RelativeDetection, imageWidth: Int, imageHeight: Int) -> NormalizedRect? {
        guard let rect = detection.alignmentRect(from: 0, to: 1, targetAngle: RelativeDetection.targetAngle(degrees: 90),
                                                 imageWidth: imageWidth, imageHeight: imageHeight) else { return nil }
        return RectTransformation.pose.apply(to: rect, imageWidth: imageWidth, imageHeight: imageHeight)
    }

    /// The hand landmarker's ROI from a palm detection (docs/pipeline.md §12.2): box centre and
    /// size, rotation from keypoint 0 (wrist) → 2 (middle finger's base) in pixels with the
    /// target angle MediaPipe's graph sets, 90 *radians* (≈ π/2 + 0.4646 after wrapping), then
    /// ``RectTransformation/handFromPalm``. `nil` with fewer than 3 keypoints.
    public static func hand(_ detection: RelativeDetection, imageWidth: Int, imageHeight: Int) -> NormalizedRect? {
        guard let rect = detection.rect(rotationFrom: 0, to: 2, targetAngle: palmTargetAngle,
                                        imageWidth: imageWidth, imageHeight: imageHeight) else { return nil }
        return RectTransformation.handFromPalm.apply(to: rect, imageWidth: imageWidth, imageHeight: imageHeight)
    }

    /// The palm ROI's target angle as MediaPipe's hand detector graph stores it: the number 90 in
    /// the calculator's radians field.
    public static let palmTargetAngle: Float = 90
}

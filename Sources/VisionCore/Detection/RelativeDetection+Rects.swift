import Foundation

extension RelativeDetection {
    /// The rect of `DetectionsToRectsCalculator` for a relative box: centre = box centre, size =
    /// box size (normalized), rotation from the keypoint `start` → `end` vector in pixels:
    /// `NormalizeRadians(target − atan2(−(y1 − y0), x1 − x0))` (docs/pipeline.md §4.2), with a correctly
    /// rounded float `atan2` as in MediaPipe's binary (``CorrectlyRounded``).
    ///
    /// Returns `nil` if a keypoint index is out of range.
    public func rect(rotationFrom start: Int, to end: Int, targetAngle: Float,
                     imageWidth: Int, imageHeight: Int) -> NormalizedRect? {
        guard let rotation = Self.rotation(keypoints, from: start, to: end, targetAngle: targetAngle,
                                           imageWidth: imageWidth, imageHeight: imageHeight) else { return nil }
        return NormalizedRect(xCenter: xmin + width / 2, yCenter: ymin + height / 2,
                              width: width, height: height, rotation: rotation)
    }

    /// The rect of `AlignmentPointsRectsCalculator`: centred on keypoint `start`, a square in
    /// pixels whose side is twice the distance from `start` to `end`, rotated by the `start` →
    /// `end` vector relative to `targetAngle` (docs/pipeline.md §6.2).
    ///
    /// Returns `nil` if a keypoint index is out of range.
    public func alignmentRect(from start: Int, to end: Int, targetAngle: Float,
                              imageWidth: Int, imageHeight: Int) -> NormalizedRect? {
        guard keypoints.indices.contains(start), keypoints.indices.contains(end),
              let rotation = Self.rotation(keypoints, from: start, to: end, targetAngle: targetAngle,
                                           imageWidth: imageWidth, imageHeight: imageHeight) else { return nil }
        let w = Float(imageWidth), h = Float(imageHeight)
        let xCenter = keypoints[start].x * w
        let yCenter = keypoints[start].y * h
        let xScale = keypoints[end].x * w
        let yScale = keypoints[end].y * h
        let dx = xScale - xCenter, dy = yScale - yCenter
        let boxSize = Float(Double((dx * dx + dy * dy).squareRoot()) * 2)
        return NormalizedRect(xCenter: xCenter / w, yCenter: yCenter / h,
                              width: boxSize / w, height: boxSize / h, rotation: rotation)
    }

    static func rotation(_ keypoints: [Point2], from start: Int, to end: Int, targetAngle: Float,
                         imageWidth: Int, imageHeight: Int) -> Float? {
        guard keypoints.indices.contains(start), keypoints.indices.contains(end) else { return nil }
        let w = Float(imageWidth), h = Float(imageHeight)
        let x0 = keypoints[start].x * w, y0 = keypoints[start].y * h
        let x1 = keypoints[end].x * w, y1 = keypoints[end].y * h
        return normalizeRadians(targetAngle - CorrectlyRounded.atan2(-(y1 - y0), x1 - x0))
    }

    /// A target angle given in degrees, as the calculators store it: `float(π·degrees/180)`.
    public static func targetAngle(degrees: Float) -> Float {
        Float(Double.pi * Double(degrees) / 180)
    }
}

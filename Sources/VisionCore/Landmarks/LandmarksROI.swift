/// The next-frame ROIs that MediaPipe's landmark graphs compute from projected landmarks.
public enum LandmarksROI {
    /// `LandmarksToDetectionCalculator`: the bounding box of all landmarks as a detection, with
    /// every landmark as a keypoint. As in MediaPipe, the running maxima start at `FLT_MIN` (the
    /// smallest positive float, not −∞; docs/pipeline.md §4.4) and the minima at `FLT_MAX`.
    public static func detection(from landmarks: [LandmarkPoint]) -> RelativeDetection {
        var xmin = Float.greatestFiniteMagnitude, ymin = Float.greatestFiniteMagnitude
        var xmax = Float.leastNormalMagnitude, ymax = Float.leastNormalMagnitude
        for landmark in landmarks {
            xmin = min(xmin, landmark.x)
            ymin = min(ymin, landmark.y)
            xmax = max(xmax, landmark.x)
            ymax = max(ymax, landmark.y)
        }
        return RelativeDetection(score: 0, xmin: xmin, ymin: ymin, width: xmax - xmin, height: ymax - ymin,
                                 keypoints: landmarks.map { Point2(x: $0.x, y: $0.y) })
    }

    /// The face landmarker's next-frame ROI (docs/pipeline.md §4.4): the bounding box of all the
    /// (unsmoothed, projected) landmarks, rotation from landmark 33 → 263 in pixels with target 0,
    /// then ×1.5 with square_long. `nil` if there are fewer than 264 landmarks.
    public static func face(_ landmarks: [LandmarkPoint], imageWidth: Int, imageHeight: Int) -> NormalizedRect? {
        guard let rect = detection(from: landmarks).rect(rotationFrom: 33, to: 263, targetAngle: 0,
                                                         imageWidth: imageWidth, imageHeight: imageHeight) else { return nil }
        return RectTransformation.faceFromLandmarks.apply(to: rect, imageWidth: imageWidth, imageHeight: imageHeight)
    }

    /// The pose landmarker's next-frame ROI (docs/pipeline.md §6.7): alignment points from auxiliary
    /// landmark 0 (centre) → 1 with target 90°, then ×1.25 with square_long. `auxiliary` are the
    /// projected landmarks 33 and 34 of the 39 the model gives. `nil` with fewer than 2 points.
    public static func pose(auxiliary: [LandmarkPoint], imageWidth: Int, imageHeight: Int) -> NormalizedRect? {
        guard let rect = detection(from: auxiliary).alignmentRect(
            from: 0, to: 1, targetAngle: RelativeDetection.targetAngle(degrees: 90),
            imageWidth: imageWidth, imageHeight: imageHeight) else { return nil }
        return RectTransformation.pose.apply(to: rect, imageWidth: imageWidth, imageHeight: imageHeight)
    }
}

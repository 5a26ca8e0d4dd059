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

    /// The hand landmarker's next-frame ROI (`HandLandmarksToRectCalculator`, docs/pipeline.md
    /// §12.5) from the 21 projected hand landmarks, then ``RectTransformation/handFromLandmarks``.
    /// `nil` with fewer than 21 landmarks.
    public static func hand(_ landmarks: [LandmarkPoint], imageWidth: Int, imageHeight: Int) -> NormalizedRect? {
        guard landmarks.count >= 21 else { return nil }
        let rect = handBoundingRect(handROIJoints.map { landmarks[$0] }, imageWidth: imageWidth, imageHeight: imageHeight)
        return RectTransformation.handFromLandmarks.apply(to: rect, imageWidth: imageWidth, imageHeight: imageHeight)
    }

    /// The 12 joints the hand's ROI is built from: the wrist, the thumb's first three, and the
    /// base and second joint of each finger (no tips).
    static let handROIJoints = [0, 1, 2, 3, 5, 6, 9, 10, 13, 14, 17, 18]

    /// The rectangle around `joints` (``handROIJoints`` in that order) turned so that the wrist →
    /// knuckles vector points up: rotation from the wrist to the mean of the index and ring
    /// knuckles averaged with the middle knuckle, in pixels, target π/2; the box is the joints'
    /// extent along the turned axes, centred on its middle. Float32 throughout, in MediaPipe's
    /// order; the running maxima start at `FLT_MIN`, as there.
    static func handBoundingRect(_ joints: [LandmarkPoint], imageWidth: Int, imageHeight: Int) -> NormalizedRect {
        let w = Float(imageWidth), h = Float(imageHeight)
        let wrist = joints[0], index = joints[4], middle = joints[6], ring = joints[8]
        let x0 = wrist.x * w, y0 = wrist.y * h
        let x1 = ((index.x + ring.x) / 2 + middle.x) / 2 * w
        let y1 = ((index.y + ring.y) / 2 + middle.y) / 2 * h
        let rotation = normalizeRadians(Float(Double.pi * 0.5) - CorrectlyRounded.atan2(-(y1 - y0), x1 - x0))
        let reverse = normalizeRadians(-rotation)

        var maxX = Float.leastNormalMagnitude, maxY = Float.leastNormalMagnitude
        var minX = Float.greatestFiniteMagnitude, minY = Float.greatestFiniteMagnitude
        for joint in joints {
            maxX = max(maxX, joint.x)
            maxY = max(maxY, joint.y)
            minX = min(minX, joint.x)
            minY = min(minY, joint.y)
        }
        let centerX = (maxX + minX) / 2, centerY = (maxY + minY) / 2

        let cr = CorrectlyRounded.cos(reverse), sr = CorrectlyRounded.sin(reverse)
        maxX = .leastNormalMagnitude; maxY = .leastNormalMagnitude
        minX = .greatestFiniteMagnitude; minY = .greatestFiniteMagnitude
        for joint in joints {
            let dx = (joint.x - centerX) * w, dy = (joint.y - centerY) * h
            let px = dx * cr - dy * sr
            let py = dx * sr + dy * cr
            maxX = max(maxX, px)
            maxY = max(maxY, py)
            minX = min(minX, px)
            minY = min(minY, py)
        }
        let projectedX = (maxX + minX) / 2, projectedY = (maxY + minY) / 2
        let c = CorrectlyRounded.cos(rotation), s = CorrectlyRounded.sin(rotation)
        let pixelX = projectedX * c - projectedY * s + w * centerX
        let pixelY = projectedX * s + projectedY * c + h * centerY
        return NormalizedRect(xCenter: pixelX / w, yCenter: pixelY / h, width: (maxX - minX) / w,
                              height: (maxY - minY) / h, rotation: rotation)
    }
}

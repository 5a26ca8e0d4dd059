extension RelativeDetection {
    /// The detection mapped through a tensor→image `matrix` (MediaPipe's
    /// `DetectionProjectionCalculator`, docs/pipeline.md §2.5): keypoints are projected; the box becomes
    /// the axis-aligned min/max of its 4 projected corners. This undoes letterboxing and rotation.
    public func projected(by matrix: Matrix4x4) -> RelativeDetection {
        let m = matrix.rowMajor
        func project(_ x: Float, _ y: Float) -> (x: Float, y: Float) {
            (x * m[0] + y * m[1] + m[3], x * m[4] + y * m[5] + m[7])
        }
        var result = self
        result.keypoints = keypoints.map { point in
            let p = project(point.x, point.y)
            return Point2(x: p.x, y: p.y)
        }
        let corners = [project(xmin, ymin), project(xmin + width, ymin),
                       project(xmin + width, ymin + height), project(xmin, ymin + height)]
        var left = Float.greatestFiniteMagnitude, top = Float.greatestFiniteMagnitude
        var right = -Float.greatestFiniteMagnitude, bottom = -Float.greatestFiniteMagnitude
        for corner in corners {
            left = min(left, corner.x)
            top = min(top, corner.y)
            right = max(right, corner.x)
            bottom = max(bottom, corner.y)
        }
        result.xmin = left
        result.ymin = top
        result.width = right - left
        result.height = bottom - top
        return result
    }

    /// The detection with a letterbox removed (MediaPipe's `DetectionLetterboxRemovalCalculator`,
    /// docs/pipeline.md §2.5): `x' = (x − left)/(1 − left − right)`, likewise y; sizes are divided by the
    /// same factors. A rotation of the crop is not undone.
    public func removingLetterbox(_ padding: LetterboxPadding) -> RelativeDetection {
        let leftAndRight = padding.left + padding.right
        let topAndBottom = padding.top + padding.bottom
        var result = self
        result.xmin = (xmin - padding.left) / (1 - leftAndRight)
        result.ymin = (ymin - padding.top) / (1 - topAndBottom)
        result.width = width / (1 - leftAndRight)
        result.height = height / (1 - topAndBottom)
        result.keypoints = keypoints.map {
            Point2(x: ($0.x - padding.left) / (1 - leftAndRight), y: ($0.y - padding.top) / (1 - topAndBottom))
        }
        return result
    }
}

/// A point in normalized coordinates (fractions of the image or tensor width and height).
public struct Point2: Sendable, Hashable {
    public var x: Float
    public var y: Float

    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
}

/// One detection in MediaPipe's `RELATIVE_BOUNDING_BOX` form: a score, an axis-aligned box and
/// keypoints, all in normalized coordinates (fractions of the width and height of whatever frame
/// the detection lives in — the detector tensor, the letterboxed crop, or the image). Float32.
public struct RelativeDetection: Sendable, Hashable {
    /// The score, a probability in [0, 1] after the detector's sigmoid.
    public var score: Float
    /// Left edge.
    public var xmin: Float
    /// Top edge (y down).
    public var ymin: Float
    public var width: Float
    public var height: Float
    /// Keypoints in the model's order (face: 6, pose: 4; docs/pipeline.md §3.4, §6.2).
    public var keypoints: [Point2]

    public init(score: Float, xmin: Float, ymin: Float, width: Float, height: Float, keypoints: [Point2] = []) {
        self.score = score
        self.xmin = xmin
        self.ymin = ymin
        self.width = width
        self.height = height
        self.keypoints = keypoints
    }

    /// The box as min/max corners (`max = min + size` in float32), for IoU.
    public var box: AxisAlignedBox {
        AxisAlignedBox(xmin: xmin, ymin: ymin, width: width, height: height)
    }
}

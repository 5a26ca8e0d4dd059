/// An axis-aligned box stored as its min and max corners, in float32: MediaPipe's `Rectangle_f`,
/// used for the IoU of non-max suppression and of tracking association.
public struct AxisAlignedBox: Sendable, Hashable {
    public var xmin: Float
    public var ymin: Float
    public var xmax: Float
    public var ymax: Float

    /// A box from its top-left corner and size (`max = min + size`, in float32).
    public init(xmin: Float, ymin: Float, width: Float, height: Float) {
        self.xmin = xmin
        self.ymin = ymin
        self.xmax = xmin + width
        self.ymax = ymin + height
    }

    public init(xmin: Float, ymin: Float, xmax: Float, ymax: Float) {
        self.xmin = xmin
        self.ymin = ymin
        self.xmax = xmax
        self.ymax = ymax
    }

    public var width: Float { xmax - xmin }
    public var height: Float { ymax - ymin }
    /// `width·height`, in float32.
    public var area: Float { width * height }

    /// Whether the boxes touch or overlap (`Rectangle::Intersects`: edges that touch count).
    public func intersects(_ other: AxisAlignedBox) -> Bool {
        !(other.xmax < xmin || xmax < other.xmin || other.ymax < ymin || ymax < other.ymin)
    }

    /// Intersection over union as MediaPipe's `CalculateIou` / `OverlapSimilarity` compute it:
    /// 0 for disjoint boxes, and 0 when the union is not positive.
    public func intersectionOverUnion(with other: AxisAlignedBox) -> Float {
        guard intersects(other) else { return 0 }
        let intersection = AxisAlignedBox(
            xmin: max(xmin, other.xmin), ymin: max(ymin, other.ymin),
            xmax: min(xmax, other.xmax), ymax: min(ymax, other.ymax))
        let intersectionArea = intersection.area
        let union = area + other.area - intersectionArea
        return union > 0 ? intersectionArea / union : 0
    }
}

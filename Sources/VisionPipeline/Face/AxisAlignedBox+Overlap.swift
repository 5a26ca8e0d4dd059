import VisionCore

extension AxisAlignedBox {
    /// The area the boxes share, as a fraction of the smaller box (0 when either is empty).
    func overlapFraction(with other: AxisAlignedBox) -> Float {
        let w = min(xmax, other.xmax) - max(xmin, other.xmin), h = min(ymax, other.ymax) - max(ymin, other.ymin)
        let smaller = min(area, other.area)
        guard w > 0, h > 0, smaller > 0 else { return 0 }
        return w * h / smaller
    }

    /// Whether (`x`, `y`) lies inside or on the box.
    func contains(x: Float, y: Float) -> Bool { x >= xmin && x <= xmax && y >= ymin && y <= ymax }
}

import VisionCore

/// Tracking IDs for faces across consecutive frames of one detector, by box overlap.
///
/// Each frame, every (previous, current) pair whose IoU is at least `minimumIoU` is a candidate;
/// the pairs are taken greedily, highest IoU first, each face at most once. A matched face keeps
/// its ID; any other face gets a new ID (never reused). Faces of the previous frame that are not
/// matched are forgotten, so a face that leaves and comes back later gets a new ID.
public struct FaceTrackingIDs: Sendable {
    public var minimumIoU: Float
    private var previous: [(id: Int, box: FaceBox)] = []
    private var nextID: Int

    public init(minimumIoU: Float = 0.3, firstID: Int = 1) {
        self.minimumIoU = minimumIoU
        self.nextID = firstID
    }

    /// The IDs of `boxes` (same order), updating the state for the next frame.
    public mutating func assign(_ boxes: [FaceBox]) -> [Int] {
        var pairs: [(iou: Float, old: Int, new: Int)] = []
        for (i, old) in previous.enumerated() {
            for (j, box) in boxes.enumerated() {
                let iou = old.box.intersectionOverUnion(box)
                if iou >= minimumIoU { pairs.append((iou, i, j)) }
            }
        }
        pairs.sort { $0.iou != $1.iou ? $0.iou > $1.iou : ($0.old, $0.new) < ($1.old, $1.new) }
        var ids = [Int?](repeating: nil, count: boxes.count)
        var usedOld = Set<Int>()
        for pair in pairs where ids[pair.new] == nil && !usedOld.contains(pair.old) {
            ids[pair.new] = previous[pair.old].id
            usedOld.insert(pair.old)
        }
        let assigned = ids.map { id -> Int in
            if let id { return id }
            defer { nextID &+= 1 }
            return nextID
        }
        previous = zip(assigned, boxes).map { ($0, $1) }
        return assigned
    }

    /// Forgets every tracked face.
    public mutating func reset() { previous = [] }
}

/// An axis-aligned box in pixels (origin top-left, y down).
public struct FaceBox: Sendable, Hashable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The smallest box holding `points` (pixel coordinates); a zero box for no points.
    public init(enclosing points: [(x: Float, y: Float)]) {
        guard let first = points.first else { self.init(x: 0, y: 0, width: 0, height: 0); return }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public var area: Float { max(width, 0) * max(height, 0) }

    /// Intersection over union, 0 for disjoint or empty boxes (VisionCore's, as for detections).
    public func intersectionOverUnion(_ other: FaceBox) -> Float {
        axisAligned.intersectionOverUnion(with: other.axisAligned)
    }

    private var axisAligned: AxisAlignedBox { AxisAlignedBox(xmin: x, ymin: y, width: width, height: height) }
}

import Foundation

/// MediaPipe's `HandLandmarksDeduplicationCalculator` (docs/pipeline.md §12.6): two landmark
/// sets that describe the same hand, as when two palm detections of one hand both pass the
/// landmark model.
public enum HandDuplicates {
    /// The indices of `hands` (21 image-normalized landmarks each, in priority order) that repeat
    /// an earlier hand kept: at least 10 of their 21 landmarks lie closer than a fifth of the
    /// larger hand's baseline (the longest side of the wrist, index-knuckle, pinky-knuckle
    /// triangle, in pixels), and the landmarks' axis-aligned bounds overlap with IoU `> 0.2`.
    /// Hands with fewer than 21 landmarks are never duplicates.
    public static func suppressed(_ hands: [[LandmarkPoint]], imageWidth: Int, imageHeight: Int) -> Set<Int> {
        let baselines = hands.map { baseline($0, imageWidth, imageHeight) }
        let bounds = hands.map(bound)
        var kept: [Int] = []
        var removed = Set<Int>()
        for i in hands.indices {
            let duplicate = hands[i].count == 21 && kept.contains { j in
                let threshold = max(baselines[i], baselines[j]) * 0.2
                let close = zip(hands[i], hands[j]).filter { distance($0, $1, imageWidth, imageHeight) < threshold }.count
                return close >= 10 && bounds[i].intersectionOverUnion(with: bounds[j]) > 0.2
            }
            if duplicate { removed.insert(i) } else if hands[i].count == 21 { kept.append(i) }
        }
        return removed
    }

    /// The distance in pixels, computed in double and rounded to float, as MediaPipe's `std::pow`
    /// and `std::sqrt` do.
    static func distance(_ a: LandmarkPoint, _ b: LandmarkPoint, _ width: Int, _ height: Int) -> Float {
        let dx = Double((a.x - b.x) * Float(width)), dy = Double((a.y - b.y) * Float(height))
        return Float((dx * dx + dy * dy).squareRoot())
    }

    static func baseline(_ hand: [LandmarkPoint], _ width: Int, _ height: Int) -> Float {
        guard hand.count == 21 else { return 0 }
        return max(distance(hand[0], hand[5], width, height), distance(hand[5], hand[17], width, height),
                   distance(hand[17], hand[0], width, height))
    }

    /// The axis-aligned bounds of `hand`'s landmarks, normalized.
    public static func bound(_ hand: [LandmarkPoint]) -> AxisAlignedBox {
        var box = AxisAlignedBox(xmin: .greatestFiniteMagnitude, ymin: .greatestFiniteMagnitude,
                                 xmax: -.greatestFiniteMagnitude, ymax: -.greatestFiniteMagnitude)
        for point in hand {
            box.xmin = min(box.xmin, point.x)
            box.ymin = min(box.ymin, point.y)
            box.xmax = max(box.xmax, point.x)
            box.ymax = max(box.ymax, point.y)
        }
        return box
    }
}

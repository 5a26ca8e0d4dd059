import Imaging
import MediaPipeTasksVision

/// The hand landmarker's overlay, after MediaPipe's hand sample: every
/// `HandLandmarker.handConnections` line in teal, 2 points wide; the 21 landmarks as red dots with
/// a yellow stroke; the handedness ("LEFT" or "RIGHT") above the hand's topmost point.
enum HandOverlay {
    private static let skeleton = HandLandmarker.handConnections.map { (Int($0.start), Int($0.end)) }

    /// Draws every hand (normalized landmarks) with its label.
    static func draw(hands: [(landmarks: [(x: Float, y: Float)], label: String)], on image: inout Image) throws {
        let style = OverlayStyle(width: image.width, height: image.height)
        for hand in hands {
            let points = hand.landmarks.map { OverlayStyle.pixel($0, width: image.width, height: image.height) }
            try style.drawConnections(skeleton, points: points, width: 2, color: OverlayStyle.mediaPipeTeal, on: &image)
            for point in points {
                try style.drawDot(point, radius: 2, on: &image)
            }
            guard let left = points.map(\.x).min(), let top = points.map(\.y).min(), left.isFinite, top.isFinite else { continue }
            let scale = 1.5 * style.unit
            try StrokeLabel.draw(hand.label, at: PixelPoint(x: left, y: top - 9 * scale), scale: scale,
                                 color: OverlayStyle.dotStroke, on: &image)
        }
    }
}

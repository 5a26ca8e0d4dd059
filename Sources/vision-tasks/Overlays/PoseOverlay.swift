import Imaging
import MediaPipeTasksVision

/// The pose landmarker's overlay: each person's segmentation mask tinted translucent blue, then
/// the skeleton as in MediaPipe's pose sample (every `PoseLandmarker.poseLandmarks` line in teal,
/// 2 points wide; the 33 landmarks as red dots with a yellow stroke).
enum PoseOverlay {
    private static let skeleton = PoseLandmarker.poseLandmarks.map { (Int($0.start), Int($0.end)) }
    private static let maskTint = Color(red: 64, green: 140, blue: 255, alpha: 110)

    /// Tints each mask (values 0…1, the picture's size; those of another size are left out), then
    /// draws every pose (normalized landmarks). A mask is tinted in bands of rows, from the part
    /// that holds its values the tint can show (the tint's weight rounds to 0 below them), so that
    /// a mask not read yet is rendered a band at a time, in memory that stays in the cache.
    static func draw(poses: [[(x: Float, y: Float)]], masks: [Mask], on image: inout Image) throws {
        let shown = Image.smallestTintingMaskValue(color: maskTint)
        for mask in masks where mask.width == image.width && mask.height == image.height {
            try mask.forEachBandWithinReach(ignoringBelow: shown) { (band, origin) throws(ImageError) in
                try image.fillMask(band, at: origin, color: maskTint)
            }
        }
        let style = OverlayStyle(width: image.width, height: image.height)
        for pose in poses {
            let points = pose.map { OverlayStyle.pixel($0, width: image.width, height: image.height) }
            try style.drawConnections(skeleton, points: points, width: 2, color: OverlayStyle.mediaPipeTeal, on: &image)
            for point in points {
                try style.drawDot(point, radius: 2, on: &image)
            }
        }
    }
}

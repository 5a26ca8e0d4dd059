import Imaging
import MediaPipeTasksVision

/// The pose landmarker's overlay: each person's segmentation mask tinted translucent blue, then
/// the skeleton as in MediaPipe's pose sample (every `PoseLandmarker.poseLandmarks` line in teal,
/// 2 points wide; the 33 landmarks as red dots with a yellow stroke).
enum PoseOverlay {
    private static let skeleton = PoseLandmarker.poseLandmarks.map { (Int($0.start), Int($0.end)) }
    private static let maskTint = Color(red: 64, green: 140, blue: 255, alpha: 110)

    /// Draws the masks (values 0…1, each the part of an image-sized mask with every nonzero value,
    /// and that part's top-left pixel), then every pose (normalized landmarks).
    static func draw(poses: [[(x: Float, y: Float)]], masks: [(values: FloatImage, origin: (x: Int, y: Int))],
                     on image: inout Image) throws {
        for mask in masks {
            try image.fillMask(mask.values, at: mask.origin, color: maskTint)
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

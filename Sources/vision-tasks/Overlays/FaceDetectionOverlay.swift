import Imaging

/// The face detector's overlay, after MediaPipe's face-detector sample: each box 2 points wide in
/// the next colour of the sample's palette, and the keypoints as teal dots. The sample's score
/// label becomes a bar on the box's top edge, filled to the score (there is no text rendering).
enum FaceDetectionOverlay {
    /// One detection: its box in pixels and its normalized keypoints.
    struct Face: Sendable {
        var box: PixelRect
        /// The detection's confidence, 0…1.
        var score: Float
        var keypoints: [(x: Float, y: Float)]
    }

    static func draw(_ faces: [Face], on image: inout Image) throws {
        let style = OverlayStyle(width: image.width, height: image.height)
        let palette = OverlayStyle.detectionPalette
        for (index, face) in faces.enumerated() {
            let color = palette[index % palette.count]
            try image.drawRectangle(face.box, thickness: 2 * style.unit, color: color)
            let barHeight = 5 * style.unit
            let barTop = face.box.y >= barHeight ? face.box.y - barHeight : face.box.y
            try image.drawRectangle(PixelRect(x: face.box.x, y: barTop, width: face.box.width, height: barHeight),
                                    filled: true, color: color.withAlpha(70))
            let score = face.score.isFinite ? min(max(face.score, 0), 1) : 0
            try image.drawRectangle(PixelRect(x: face.box.x, y: barTop, width: face.box.width * score, height: barHeight),
                                    filled: true, color: color)
            for keypoint in face.keypoints {
                let center = OverlayStyle.pixel(keypoint, width: image.width, height: image.height)
                try image.drawPoint(center, radius: 3.5 * style.unit, color: .white)
                try image.drawPoint(center, radius: 2.5 * style.unit, color: OverlayStyle.mediaPipeTeal)
            }
        }
    }
}

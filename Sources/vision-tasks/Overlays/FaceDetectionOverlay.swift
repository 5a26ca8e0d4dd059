import Imaging

/// The face detector's overlay, after MediaPipe's face-detector sample: each box 2 points wide in
/// the next colour of the sample's palette, and the keypoints as teal dots. (The sample's score
/// label is not drawn: there is no text rendering here.)
enum FaceDetectionOverlay {
    /// One detection: its box in pixels and its normalized keypoints.
    struct Face: Sendable {
        var box: PixelRect
        var keypoints: [(x: Float, y: Float)]
    }

    static func draw(_ faces: [Face], on image: inout Image) throws {
        let style = OverlayStyle(width: image.width, height: image.height)
        let palette = OverlayStyle.detectionPalette
        for (index, face) in faces.enumerated() {
            try image.drawRectangle(face.box, thickness: 2 * style.unit, color: palette[index % palette.count])
            for keypoint in face.keypoints {
                let center = OverlayStyle.pixel(keypoint, width: image.width, height: image.height)
                try image.drawPoint(center, radius: 3.5 * style.unit, color: .white)
                try image.drawPoint(center, radius: 2.5 * style.unit, color: OverlayStyle.mediaPipeTeal)
            }
        }
    }
}

import Imaging
import MLKitFaceDetection

/// ML Kit's overlay, after the ML Kit quickstart: each face's frame as a translucent green
/// rectangle; the contour points as dots coloured by part (face blue, eyebrows orange, eyes cyan,
/// lips red, nose yellow, 70 % opaque); the landmarks as large dots (mouth red, nose base yellow,
/// eyes cyan, ears purple, cheeks orange).
enum MLKitFaceOverlay {
    /// What is drawn of one face, in pixels.
    struct Face: Sendable {
        var frame: PixelRect
        var landmarks: [(type: String, point: PixelPoint)]
        var contours: [(type: String, points: [PixelPoint])]

        init(_ face: MLKitFaceDetection.Face) {
            frame = PixelRect(x: Float(face.frame.origin.x), y: Float(face.frame.origin.y),
                              width: Float(face.frame.size.width), height: Float(face.frame.size.height))
            landmarks = face.landmarks.map { ($0.type.rawValue, PixelPoint(x: Float($0.position.x), y: Float($0.position.y))) }
            contours = face.contours.map { contour in
                (contour.type.rawValue, contour.points.map { PixelPoint(x: Float($0.x), y: Float($0.y)) })
            }
        }
    }

    private static let frameColor = Color(red: 0, green: 255, blue: 0, alpha: 77)
    private static let orange = Color(red: 255, green: 149, blue: 0)
    private static let cyan = Color(red: 0, green: 255, blue: 255)
    private static let yellow = Color(red: 255, green: 255, blue: 0)
    private static let purple = Color(red: 175, green: 82, blue: 222)

    private static func contourColor(_ type: String) -> Color {
        let color: Color
        if type == FaceContourType.face.rawValue {
            color = .blue
        } else if type.contains("Eyebrow") {
            color = orange
        } else if type.contains("Eye") {
            color = cyan
        } else if type.contains("Lip") {
            color = .red
        } else if type.contains("Nose") {
            color = yellow
        } else {
            color = .white
        }
        return color.withAlpha(179)
    }

    private static func landmarkColor(_ type: String) -> Color {
        if type.hasPrefix("Mouth") { return .red }
        if type == FaceLandmarkType.noseBase.rawValue { return yellow }
        if type.hasSuffix("Eye") { return cyan }
        if type.hasSuffix("Ear") { return purple }
        return orange
    }

    static func draw(_ faces: [Face], on image: inout Image) throws {
        let style = OverlayStyle(width: image.width, height: image.height)
        for face in faces {
            try image.drawRectangle(face.frame, filled: true, color: frameColor)
            try image.drawRectangle(face.frame, thickness: style.unit, color: frameColor.withAlpha(200))
            for contour in face.contours {
                for point in contour.points {
                    try image.drawPoint(point, radius: 2 * style.unit, color: contourColor(contour.type))
                }
            }
            for landmark in face.landmarks {
                try image.drawPoint(landmark.point, radius: 4 * style.unit, color: landmarkColor(landmark.type))
            }
        }
    }
}

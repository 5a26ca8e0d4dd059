import Imaging
import MediaPipeTasksVision

/// The face landmarker's overlay: the tesselated face mesh in light grey, then the contours in the
/// MediaPipe face sample's colours (face oval teal, eyebrows light blue, eyes orange, lips dark
/// red, 2 points wide) and the irises (the subject's right iris red, left iris green).
enum FaceMeshOverlay {
    private typealias Lines = [(Int, Int)]

    private static func pairs(_ connections: [Connection]) -> Lines {
        connections.map { (Int($0.start), Int($0.end)) }
    }

    /// MediaPipe lists the mesh triangle by triangle, so most edges come twice (2,556 entries,
    /// 1,322 edges). The mesh is blended as one shape, so drawing each edge once looks the same
    /// (a few pixels an edge's other direction rounds differently may differ by one level) at half
    /// the cost.
    private static let tesselation: Lines = {
        var seen = Set<Int>()
        return pairs(FaceLandmarker.tesselationConnections()).filter { seen.insert(min($0.0, $0.1) << 16 | max($0.0, $0.1)).inserted }
    }()
    private static let contours: [(lines: Lines, color: Color)] = [
        (pairs(FaceLandmarker.faceOvalConnections()), OverlayStyle.mediaPipeTeal),
        (pairs(FaceLandmarker.rightEyebrowConnections() + FaceLandmarker.leftEyebrowConnections()), Color(red: 18, green: 181, blue: 203)),
        (pairs(FaceLandmarker.rightEyeConnections() + FaceLandmarker.leftEyeConnections()), Color(red: 255, green: 171, blue: 0)),
        (pairs(FaceLandmarker.lipsConnections()), Color(red: 176, green: 0, blue: 32)),
        (pairs(FaceLandmarker.rightIrisConnections(corrected: true)), Color(red: 255, green: 48, blue: 48)),
        (pairs(FaceLandmarker.leftIrisConnections()), Color(red: 48, green: 255, blue: 48)),
    ]
    private static let meshColor = Color(red: 224, green: 224, blue: 224, alpha: 120)

    /// Draws every face (normalized landmarks) on `image`.
    static func draw(faces: [[(x: Float, y: Float)]], on image: inout Image) throws {
        let style = OverlayStyle(width: image.width, height: image.height)
        for face in faces {
            let points = face.map { OverlayStyle.pixel($0, width: image.width, height: image.height) }
            try style.drawConnections(tesselation, points: points, width: 0.75, color: meshColor, on: &image)
            for contour in contours {
                try style.drawConnections(contour.lines, points: points, width: 2, color: contour.color, on: &image)
            }
        }
    }
}

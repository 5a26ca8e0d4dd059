import Foundation
import MediaPipeTasksVision
import TestSupport

/// Model paths and images for the tests that run real models.
enum TaskModels {
    static var faceLandmarker: String { Assets.model("face_landmarker.task").path }
    static var poseLandmarker: String { Assets.model("pose_landmarker_full.task").path }
    static var handLandmarker: String { Assets.model("hand_landmarker.task").path }
    static var shortRangeDetector: String { Assets.model("face_detection_short_range.tflite").path }
    static var fullRangeDetector: String { Assets.model("face_detection_full_range_sparse.tflite").path }
    static var astronautPath: String { Assets.image("astronaut.png").path }

    static func astronaut() throws -> MPImage { try MPImage(contentsOfFile: astronautPath) }
}

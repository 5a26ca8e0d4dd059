import Foundation
import Testing
import TestSupport

/// The set-up script must have placed every model the suite uses.
@Test(arguments: [
    "face_landmarker.task", "face_detection_short_range.tflite", "face_detection_full_range_sparse.tflite",
    "pose_detection.tflite", "pose_landmark_full.tflite", "pose_landmarker_full.task",
])
func modelIsInstalled(name: String) throws {
    let size = try FileManager.default.attributesOfItem(atPath: Assets.model(name).path)[.size] as? Int
    #expect((size ?? 0) > 100_000)
}

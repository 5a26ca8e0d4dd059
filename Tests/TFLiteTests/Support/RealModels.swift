import Foundation
import TestSupport
import TFLite

/// The real models the suite reads, loaded once.
enum RealModels {
    /// `face_landmarker.task`, the official bundle.
    static let faceLandmarkerTask = Assets.model("face_landmarker.task")
    /// `pose_landmarker_full.task`, assembled by scripts/setup (stored members).
    static let poseLandmarkerTask = Assets.model("pose_landmarker_full.task")

    /// The `.tflite` files of assets/models.
    static let fileNames = [
        "face_detection_short_range.tflite", "face_detection_full_range_sparse.tflite",
        "pose_detection.tflite", "pose_landmark_full.tflite",
    ]

    /// The `.tflite` members of face_landmarker.task.
    static let faceLandmarkerMembers = ["face_detector.tflite", "face_landmarks_detector.tflite", "face_blendshapes.tflite"]

    /// Every model name above.
    static let allNames = fileNames + faceLandmarkerMembers

    /// The bytes of a model, by file name or face_landmarker.task member name.
    static func bytes(_ name: String) throws -> [UInt8] {
        if let cached = cache[name] { return cached }
        if faceLandmarkerMembers.contains(name) {
            return try TaskBundle(contentsOf: faceLandmarkerTask).data(named: name)
        }
        return [UInt8](try Data(contentsOf: Assets.model(name)))
    }

    /// The bytes of any file.
    static func fileBytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// Every model's bytes, read once per test process (empty when the assets are missing, so that
    /// `bytes(_:)` then reports the missing file).
    private static let cache: [String: [UInt8]] = {
        var result: [String: [UInt8]] = [:]
        if let bundle = try? TaskBundle(contentsOf: faceLandmarkerTask) {
            for name in faceLandmarkerMembers { result[name] = try? bundle.data(named: name) }
        }
        for name in fileNames { result[name] = try? [UInt8](Data(contentsOf: Assets.model(name))) }
        return result
    }()
}

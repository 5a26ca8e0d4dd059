import Foundation
import TFLite

/// MediaPipe's check that a `.task` bundle holds the models a task needs, with its NOT_FOUND
/// error ("No model file with name: …"), e.g. for a pose bundle given to the face landmarker.
///
/// Only bundles are checked; a single `.tflite`, a missing file or an unreadable archive is left
/// to the graph, which reports it (NOT_FOUND or INVALID_ARGUMENT).
enum ModelBundleCheck {
    /// Members in the order MediaPipe's graphs look them up.
    static let faceLandmarkerMembers = [BundleMember.faceDetector, BundleMember.faceLandmarksDetector]
    static let faceDetectorMembers = [BundleMember.faceDetector]
    static let poseLandmarkerMembers = [BundleMember.poseDetector, BundleMember.poseLandmarksDetector]
    static let handLandmarkerMembers = [BundleMember.handDetector, BundleMember.handLandmarksDetector]

    /// Throws NOT_FOUND naming the first of `members` that the bundle at `path` lacks.
    static func require(_ members: [String], inBundleAt path: String) throws(NSError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return }
        let head = (try? handle.read(upToCount: 8)) ?? Data()
        try? handle.close()
        guard ModelFileKind(header: head) == .bundle,
              let names = try? TaskBundle.memberNames(ofFileAt: path),
              let missing = members.first(where: { !names.contains($0) })
        else { return }
        let present = names.joined(separator: ", ")
        throw TasksError.status(
            .notFoundError,
            "No model file with name: \(missing). All model files in the model asset bundle are: \(present).")
    }
}

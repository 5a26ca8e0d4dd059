import Imaging
import VisionCore

/// Beyond MediaPipe: looks for people that MediaPipe's single full-picture detector pass misses.
struct EveryPersonSearch {
    /// While streaming, the search runs at most once every this many frames on which MediaPipe's
    /// detector ran.
    static let streamingInterval = 10

    let detector: PoseDetectorStage
    let graph: PoseLandmarkerGraph

    func search(_ frame: PoseFrame, known: [PoseEstimate], limit: Int) throws(PipelineError) -> [PoseEstimate] {
        []
    }

    /// Whether `candidate` is a person already in `poses`.
    static func duplicates(_ candidate: PoseEstimate, of poses: [PoseEstimate]) -> Bool {
        false
    }
}

import Inference
import Imaging
import TFLite

/// The two models of a pose landmarker bundle, loaded into model runners and checked against the
/// tensor layout the pose graph expects (docs/pipeline.md §6.2, §6.4).
///
/// A bundle is a `.task` zip holding `pose_detector.tflite` and `pose_landmarks_detector.tflite`
/// (MediaPipe's member names). The input normalization comes from each model's TFLite metadata
/// when it has some (official bundles), otherwise from the known values (our assembled bundle
/// carries the legacy files without metadata): detector mean = std = 127.5 ([−1, 1]), landmark
/// model mean 0, std 255 ([0, 1]).
struct PoseModels {

    let detector: ModelRunner
    let landmarks: ModelRunner
    let detectorRange: ValueRange
    let landmarksRange: ValueRange

    /// The landmark model's segmentation output (position 2), which a graph without masks and
    /// without the every-person search never reads.
    static let segmentationOutput = 2

    /// `computesSegmentation` false leaves the landmark model's segmentation branch out (about a
    /// quarter of its time); `PoseLandmarkStage` then reports no torso segmentation.
    init(path: String, engine: InterpreterOptions, computesSegmentation: Bool) throws(PipelineError) {
        let file = try ModelFile(path: path)
        try file.requireMembers([BundleMember.poseDetector, BundleMember.poseLandmarksDetector])
        let detectorModel = try file.model(named: BundleMember.poseDetector)
        let landmarksModel = try file.model(named: BundleMember.poseLandmarksDetector)
        let detectorRunner = try ModelRunner(model: detectorModel, path: path, engine: engine)
        let landmarksRunner = try ModelRunner(model: landmarksModel, path: path, engine: engine,
                                              skippedOutputs: computesSegmentation ? [] : [Self.segmentationOutput])
        try detectorRunner.requireImageInput(width: 224, height: 224, what: BundleMember.poseDetector)
        try detectorRunner.requireOutputs([PoseDetectorStage.anchorCount * 12, PoseDetectorStage.anchorCount],
                                          what: BundleMember.poseDetector)
        try landmarksRunner.requireImageInput(width: 256, height: 256, what: BundleMember.poseLandmarksDetector)
        try landmarksRunner.requireOutputs([39 * 5, 1, 256 * 256, 64 * 64 * 39, 39 * 3], what: BundleMember.poseLandmarksDetector)
        detector = detectorRunner
        landmarks = landmarksRunner
        detectorRange = try ModelFile.valueRange(detectorModel, default: .minusOneToOne, member: BundleMember.poseDetector, path: path)
        landmarksRange = try ModelFile.valueRange(landmarksModel, default: .zeroToOne, member: BundleMember.poseLandmarksDetector, path: path)
    }
}

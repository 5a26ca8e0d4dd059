import Inference
import Imaging
import TFLite

/// The two models of a hand landmarker bundle, loaded into model runners and checked against the
/// tensor layout the hand graph expects (docs/pipeline.md §12).
///
/// A bundle is a `.task` zip holding `hand_detector.tflite` (the palm detector) and
/// `hand_landmarks_detector.tflite` (MediaPipe's member names): Google's `hand_landmarker.task`,
/// or ours, which holds the legacy `palm_detection_full` and `hand_landmark_full` files. Both
/// models scale pixels to [0, 1]; the models' metadata says so, and is used when present.
struct HandModels {
    let detector: ModelRunner
    let landmarks: ModelRunner
    let detectorRange: ValueRange
    let landmarksRange: ValueRange

    init(path: String, engine: InterpreterOptions) throws(PipelineError) {
        let file = try ModelFile(path: path)
        try file.requireMembers([BundleMember.handDetector, BundleMember.handLandmarksDetector])
        let detectorModel = try file.model(named: BundleMember.handDetector)
        let landmarksModel = try file.model(named: BundleMember.handLandmarksDetector)
        let detectorRunner = try ModelRunner(model: detectorModel, path: path, engine: engine)
        let landmarksRunner = try ModelRunner(model: landmarksModel, path: path, engine: engine)
        try detectorRunner.requireImageInput(width: PalmDetectorStage.inputSize, height: PalmDetectorStage.inputSize,
                                             what: BundleMember.handDetector)
        try detectorRunner.requireOutputs([PalmDetectorStage.anchorCount * 18, PalmDetectorStage.anchorCount],
                                          what: BundleMember.handDetector)
        try landmarksRunner.requireImageInput(width: HandLandmarkStage.inputSize, height: HandLandmarkStage.inputSize,
                                              what: BundleMember.handLandmarksDetector)
        try landmarksRunner.requireOutputs([21 * 3, 1, 1, 21 * 3], what: BundleMember.handLandmarksDetector)
        detector = detectorRunner
        landmarks = landmarksRunner
        detectorRange = try ModelFile.valueRange(detectorModel, default: .zeroToOne, member: BundleMember.handDetector,
                                                 path: path)
        landmarksRange = try ModelFile.valueRange(landmarksModel, default: .zeroToOne,
                                                  member: BundleMember.handLandmarksDetector, path: path)
    }
}

/// What a model file holds, told by its first bytes, never by its name: a TFLite flatbuffer
/// (``Model/fileIdentifier`` at bytes 4..<8), or anything else, read as a MediaPipe `.task`
/// bundle (a zip archive). Every reader of model files uses this one rule.
public enum ModelFileKind: Sendable, Equatable {
    case flatBufferModel
    case bundle

    /// The kind of a file that starts with `header` (at least its first 8 bytes, when it has them).
    public init(header: some Collection<UInt8>) {
        let identifier = Array(header.dropFirst(4).prefix(4))
        self = identifier == Array(Model.fileIdentifier.utf8) ? .flatBufferModel : .bundle
    }
}

/// The members of MediaPipe's `.task` bundles that the face, pose and hand tasks read.
public enum BundleMember {
    public static let faceDetector = "face_detector.tflite"
    public static let faceLandmarksDetector = "face_landmarks_detector.tflite"
    public static let faceBlendshapes = "face_blendshapes.tflite"
    public static let faceGeometry = "geometry_pipeline_metadata_landmarks.binarypb"
    public static let poseDetector = "pose_detector.tflite"
    public static let poseLandmarksDetector = "pose_landmarks_detector.tflite"
    public static let handDetector = "hand_detector.tflite"
    public static let handLandmarksDetector = "hand_landmarks_detector.tflite"
}

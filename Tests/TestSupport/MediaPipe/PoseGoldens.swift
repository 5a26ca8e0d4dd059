/// Options shared by the pose landmarker goldens (MediaPipe's option names).
public struct GoldenPoseLandmarkerOptions: Decodable, Sendable {
    public let outputSegmentationMasks: Bool
    public let minPoseDetectionConfidence: Float
    public let minPosePresenceConfidence: Float
    public let minTrackingConfidence: Float
}

/// A recorded segmentation mask (float32, image size, values in [0, 1]).
public struct GoldenMask: Decodable, Sendable {
    public let width: Int
    public let height: Int
    /// sha256 of MediaPipe's mask as little-endian float32 bytes, row-major.
    public let sha256Float32: String
    /// Mean, min and max of the float32 mask.
    public let mean: Float
    public let min: Float
    public let max: Float
    /// `masks/<name>.png`, relative to `Tests/Fixtures/mediapipe/`: 16-bit gray PNG of
    /// `round(clamp(mask, 0, 1) · 65535)`. Absent for frames whose masks were not stored.
    public let file: String?
    /// sha256 of that uint16 image as big-endian bytes, row-major (what the PNG holds).
    public let sha256UInt16: String?
}

/// One pose of a pose landmarker result.
public struct GoldenPose: Decodable, Sendable {
    /// 33 normalized landmarks with visibility and presence.
    public let landmarks: [GoldenLandmark]
    /// 33 world landmarks in metres with visibility and presence.
    public let worldLandmarks: [GoldenLandmark]
    public let segmentationMask: GoldenMask?
}

/// `pose_landmarker_image.json`.
public struct PoseLandmarkerImageGoldens: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        /// `<image>/poses<n>[/rot<deg>]`.
        public let id: String
        public let image: String
        public let numPoses: Int
        public let rotationDegrees: Int
        public let imageFormat: String?
        public let poses: [GoldenPose]?
        public let error: String?
    }

    public let mediapipe: String
    /// The bundle used: ours with TFLite image-input metadata added (see the README).
    public let model: String
    public let runningMode: String
    public let options: GoldenPoseLandmarkerOptions
    public let cases: [Case]
}

/// A `pose_landmarker_video_*.json` sequence (VIDEO mode, timestamps 0, 33, 66, … ms).
public struct PoseLandmarkerVideoGoldens: Decodable, Sendable {
    public struct Frame: Decodable, Sendable {
        public let timestampMs: Int
        public let image: GoldenImage
        public let poses: [GoldenPose]
    }

    public let mediapipe: String
    public let model: String
    public let runningMode: String
    public let source: String
    public let numPoses: Int
    public let options: GoldenPoseLandmarkerOptions
    /// Frame indices whose masks are stored as PNG files (all frames have mask hashes).
    public let maskFilesForFrames: [Int]
    public let frames: [Frame]
}

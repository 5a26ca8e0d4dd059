/// Options shared by the face landmarker goldens (MediaPipe's option names).
public struct GoldenFaceLandmarkerOptions: Decodable, Sendable {
    public let outputFaceBlendshapes: Bool
    public let outputFacialTransformationMatrixes: Bool
    public let minFaceDetectionConfidence: Float
    public let minFacePresenceConfidence: Float
    public let minTrackingConfidence: Float
}

/// One face of a face landmarker result.
public struct GoldenFace: Decodable, Sendable {
    /// 478 normalized landmarks (x, y, z).
    public let landmarks: [GoldenLandmark]
    /// 52 blendshapes in model order (`_neutral` first).
    public let blendshapes: [GoldenCategory]?
    /// The facial transformation matrix as MediaPipe Python's 4×4 numpy array, **row-major**:
    /// translation (cm) in elements 3, 7, 11 and `[0, 0, 0, 1]` in elements 12…15. iOS exposes
    /// the same 16 numbers column-major (the transpose of this order).
    public let matrix: [Float]?
}

/// `face_landmarker_image.json`.
public struct FaceLandmarkerImageGoldens: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        /// `<image>/faces<n>[/rot<deg>]`.
        public let id: String
        /// A name in ``GoldenImageCatalog/images``.
        public let image: String
        public let numFaces: Int
        /// `ImageProcessingOptions.rotation_degrees` (clockwise; 0, 90, 180, 270).
        public let rotationDegrees: Int
        /// `"GRAY8"` when the image was fed as one-channel gray; absent for SRGB.
        public let imageFormat: String?
        /// Absent when MediaPipe failed (then ``error`` holds its message).
        public let faces: [GoldenFace]?
        /// `"<Python exception type>: <MediaPipe status text>"`.
        public let error: String?
    }

    public let mediapipe: String
    public let model: String
    public let runningMode: String
    public let options: GoldenFaceLandmarkerOptions
    public let cases: [Case]
}

/// A `face_landmarker_video_*.json` sequence (VIDEO mode, timestamps 0, 33, 66, … ms).
public struct FaceLandmarkerVideoGoldens: Decodable, Sendable {
    public struct Frame: Decodable, Sendable {
        public let timestampMs: Int
        /// The frame: a warp of ``FaceLandmarkerVideoGoldens/source``.
        public let image: GoldenImage
        public let faces: [GoldenFace]
    }

    public let mediapipe: String
    public let model: String
    public let runningMode: String
    /// The catalog image the frames are warped from.
    public let source: String
    public let numFaces: Int
    public let options: GoldenFaceLandmarkerOptions
    public let frames: [Frame]
}

/// `face_detector_image.json`.
public struct FaceDetectorGoldens: Decodable, Sendable {
    public struct Options: Decodable, Sendable {
        public let minDetectionConfidence: Float
        public let minSuppressionThreshold: Float
    }

    public struct Notes: Decodable, Sendable {
        /// Whether `face_landmarker.task`'s `face_detector.tflite` equals the legacy short-range
        /// file byte for byte.
        public let bundledDetectorIdenticalToShortRange: Bool
        /// Whether that bundled detector gives exactly the recorded short-range results on every
        /// case (when false, its results are a third entry of ``FaceDetectorGoldens/models``).
        public let bundledDetectorSameResultsAsShortRange: Bool
    }

    /// One detection: pixel box, score, six normalized keypoints.
    public struct Detection: Decodable, Sendable {
        /// `[x, y, width, height]` in integer pixels (origin top-left).
        public let boundingBox: [Int]
        public let score: Float
        public let categoryIndex: Int
        /// Six `[x, y]` keypoints, normalized: right eye, left eye, nose tip, mouth, right ear
        /// tragion, left ear tragion (the subject's sides).
        public let keypoints: [[Float]]
    }

    public struct Case: Decodable, Sendable {
        /// `<image>/rot<deg>`.
        public let id: String
        public let image: String
        public let rotationDegrees: Int
        public let imageFormat: String?
        public let detections: [Detection]?
        public let error: String?
    }

    public struct Model: Decodable, Sendable {
        /// Model stem, e.g. `face_detection_short_range`.
        public let name: String
        /// Path from the repository root.
        public let model: String
        /// Set when MediaPipe refused to create the task with this model.
        public let createError: String?
        public let cases: [Case]
    }

    public let mediapipe: String
    public let runningMode: String
    public let options: Options
    public let notes: Notes
    public let models: [Model]
}

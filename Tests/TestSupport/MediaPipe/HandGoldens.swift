/// Options shared by the hand landmarker goldens (MediaPipe's option names).
public struct GoldenHandLandmarkerOptions: Decodable, Sendable {
    public let minHandDetectionConfidence: Float
    public let minHandPresenceConfidence: Float
    public let minTrackingConfidence: Float
}

/// One hand of a hand landmarker result.
public struct GoldenHand: Decodable, Sendable {
    /// 21 normalized landmarks.
    public let landmarks: [GoldenLandmark]
    /// 21 world landmarks in metres.
    public let worldLandmarks: [GoldenLandmark]
    /// One category: "Right" (index 0) or "Left" (index 1).
    public let handedness: [GoldenCategory]
}

/// `hand_landmarker_image.json`.
public struct HandLandmarkerImageGoldens: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        /// `<image>/hands<n>[/rot<deg>]`.
        public let id: String
        public let image: String
        public let numHands: Int
        public let rotationDegrees: Int
        public let imageFormat: String?
        public let hands: [GoldenHand]?
        public let error: String?
    }

    public let mediapipe: String
    public let model: String
    public let runningMode: String
    public let options: GoldenHandLandmarkerOptions
    public let cases: [Case]
}

/// A `hand_landmarker_video_*.json` sequence (VIDEO mode, timestamps 0, 33, 66, … ms).
public struct HandLandmarkerVideoGoldens: Decodable, Sendable {
    public struct Frame: Decodable, Sendable {
        public let timestampMs: Int
        public let image: GoldenImage
        public let hands: [GoldenHand]
    }

    public let mediapipe: String
    public let model: String
    public let runningMode: String
    public let source: String
    public let numHands: Int
    public let options: GoldenHandLandmarkerOptions
    public let frames: [Frame]
}

extension MediaPipeGoldens {
    /// File names of the recorded hand landmarker video sequences.
    public static let handLandmarkerVideoFiles = [
        "hand_landmarker_video_zidane.json",
        "hand_landmarker_video_t1.json",
    ]

    /// `hand_landmarker_image.json`: IMAGE mode, numHands 1, 2 and 6, rotations, grayscale.
    public static func handLandmarkerImage() throws -> HandLandmarkerImageGoldens {
        try load(HandLandmarkerImageGoldens.self, from: "hand_landmarker_image.json")
    }

    /// One of ``handLandmarkerVideoFiles``.
    public static func handLandmarkerVideo(_ file: String) throws -> HandLandmarkerVideoGoldens {
        try load(HandLandmarkerVideoGoldens.self, from: file)
    }
}

import Foundation

/// Loads the MediaPipe 1.2.3 Tasks API goldens under `Tests/Fixtures/mediapipe/`.
///
/// They are recorded by `scripts/golden/mediapipe-tasks` (Python, pinned venv) and described in
/// `Tests/Fixtures/mediapipe/README.md`. Every image fed to MediaPipe is listed with the sha256 of
/// its RGB (or gray) bytes and a recipe that rebuilds it from `assets/images/` exactly, so a test
/// can first check that it feeds the same pixels.
///
/// Coordinates follow MediaPipe: normalized landmarks are fractions of the image width and height
/// (origin top-left, y down); z is in the same scale as x; world landmarks are metres around the
/// hips; face detector boxes are integer pixels.
public enum MediaPipeGoldens {
    /// `Tests/Fixtures/mediapipe/`.
    public static let directory: URL = Assets.fixture("mediapipe")

    /// File names of the recorded face landmarker video sequences.
    public static let faceLandmarkerVideoFiles = [
        "face_landmarker_video_astronaut.json",
        "face_landmarker_video_ancelotti.json",
        "face_landmarker_video_two_faces.json",
    ]

    /// File names of the recorded pose landmarker video sequences.
    public static let poseLandmarkerVideoFiles = [
        "pose_landmarker_video_astronaut.json",
        "pose_landmarker_video_t1.json",
    ]

    /// Decodes `Tests/Fixtures/mediapipe/<file>` as `type`.
    public static func load<T: Decodable>(_ type: T.Type, from file: String) throws -> T {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        return try JSONDecoder().decode(type, from: data)
    }

    /// `images.json`: every source and derived image with its sha256 and recipe.
    public static func images() throws -> GoldenImageCatalog {
        try load(GoldenImageCatalog.self, from: "images.json")
    }

    /// `face_landmarker_image.json`: IMAGE mode, numFaces 1 and 4, rotations, grayscale failure.
    public static func faceLandmarkerImage() throws -> FaceLandmarkerImageGoldens {
        try load(FaceLandmarkerImageGoldens.self, from: "face_landmarker_image.json")
    }

    /// One of ``faceLandmarkerVideoFiles``.
    public static func faceLandmarkerVideo(_ file: String) throws -> FaceLandmarkerVideoGoldens {
        try load(FaceLandmarkerVideoGoldens.self, from: file)
    }

    /// `face_detector_image.json`: short-range and full-range models, IMAGE mode, rotations.
    public static func faceDetectorImage() throws -> FaceDetectorGoldens {
        try load(FaceDetectorGoldens.self, from: "face_detector_image.json")
    }

    /// `pose_landmarker_image.json`: IMAGE mode, numPoses 1 and 5, masks, rotations.
    public static func poseLandmarkerImage() throws -> PoseLandmarkerImageGoldens {
        try load(PoseLandmarkerImageGoldens.self, from: "pose_landmarker_image.json")
    }

    /// One of ``poseLandmarkerVideoFiles``.
    public static func poseLandmarkerVideo(_ file: String) throws -> PoseLandmarkerVideoGoldens {
        try load(PoseLandmarkerVideoGoldens.self, from: file)
    }

    /// The PNG of a recorded segmentation mask (`masks/<name>.png`, 16-bit gray).
    public static func maskURL(_ mask: GoldenMask) -> URL? {
        mask.file.map { directory.appendingPathComponent($0) }
    }
}

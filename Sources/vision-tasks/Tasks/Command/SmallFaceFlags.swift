import VisionPipeline

/// `--small-faces` and `--min-face-size PX`, shared by the face landmarker and the face
/// detector, with the search's cost model for their help.
enum SmallFaceFlags {
    static let smallFaces = Option<Bool>.flag(
        "small-faces", help: "find faces by their size in pixels, down to --min-face-size, in pictures of any size (slower)")
    static let minFaceSize = Option<Int>.integer(
        "min-face-size", "PX", in: 8...Int.max, default: 24,
        help: "with --small-faces: the smallest face to find, pixels of face width (at least 8)")

    static let declarations = [smallFaces.declaration, minFaceSize.declaration]

    /// The cost model: detector runs per picture size at the default and a larger minimum size.
    static var costNote: String {
        let sizes = [(640, 480), (1280, 720), (1920, 1080), (3840, 2160)]
        let runs = { (size: Int) in
            sizes.map { "\(FaceDetectorGraphOptions.smallFaceSearchDetectorRuns(width: $0.0, height: $0.1, minFaceSize: size))" }
                .joined(separator: " / ")
        }
        return """
          --small-faces runs the face detector over a pyramid of tiles (MediaPipe runs it once):
          at 640×480 / 1280×720 / 1920×1080 / 3840×2160, \(runs(24)) runs with --min-face-size 24,
          \(runs(48)) with 48; then the landmark model once per face candidate.
        """
    }
}

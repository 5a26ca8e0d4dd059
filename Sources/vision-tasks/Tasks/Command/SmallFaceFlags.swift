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

    /// The cost model: the detector's work per picture size, in runs of its 128×128 input, at the
    /// default and a larger minimum size.
    static var costNote: String {
        let sizes = [(640, 480), (1280, 720), (1920, 1080), (3840, 2160)]
        let runs = { (size: Int) in
            sizes.map { "\(FaceDetectorGraphOptions.smallFaceSearchDetectorRuns(width: $0.0, height: $0.1, minFaceSize: size))" }
                .joined(separator: " / ")
        }
        return """
          --small-faces runs the face detector over a pyramid of tiles (MediaPipe runs it once on
          128×128): at 640×480 / 1280×720 / 1920×1080 / 3840×2160 as much work as \(runs(24)) such runs
          with --min-face-size 24, \(runs(48)) with 48; then one more run per candidate and the
          landmark model once per face.
        """
    }
}

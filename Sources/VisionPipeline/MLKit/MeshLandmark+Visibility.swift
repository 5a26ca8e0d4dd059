extension MeshLandmark {
    /// The landmarks ML Kit reports for a face of head yaw `yaw` (Euler Y, degrees, positive
    /// toward the image's right), in case order. ML Kit's concepts page lists them by yaw band
    /// (docs/pipeline.md §10.2; "left" is the subject's left, whose side faces the camera when the
    /// head turns toward the image's left, Y < 0):
    ///
    /// | Y | landmarks |
    /// |---|---|
    /// | < −36 | left eye, left mouth, left ear, nose base, left cheek |
    /// | −36 … < −12 | left mouth, nose base, bottom mouth, both eyes, left cheek, left ear |
    /// | −12 … 12 | both eyes, nose base, both cheeks, both mouth corners, bottom mouth (no ear) |
    /// | > 12 … 36 | right mouth, nose base, bottom mouth, both eyes, right cheek, right ear |
    /// | > 36 | right eye, right mouth, right ear, nose base, right cheek |
    ///
    /// The page names the bands "below −36°", "−36° to −12°", "−12° to 12°", "12° to 36°" and
    /// "above 36°" without saying where the edges belong: here ±12 belong to the frontal band and
    /// ±36 to the moderate bands. ("Left ear tip" in the moderate band is our ear point.) The
    /// page gives no such rule for contours, so contours are never omitted. A NaN yaw counts as 0.
    public static func reported(forYaw yaw: Float) -> [MeshLandmark] {
        let y = yaw.isNaN ? 0 : yaw
        let kept: Set<MeshLandmark> = switch y {
        case ..<(-36): [.leftEye, .mouthLeft, .leftEar, .noseBase, .leftCheek]
        case ..<(-12): [.mouthLeft, .noseBase, .mouthBottom, .rightEye, .leftEye, .leftCheek, .leftEar]
        case ...12: [.leftEye, .rightEye, .noseBase, .leftCheek, .rightCheek, .mouthLeft, .mouthRight, .mouthBottom]
        case ...36: [.mouthRight, .noseBase, .mouthBottom, .leftEye, .rightEye, .rightCheek, .rightEar]
        default: [.rightEye, .mouthRight, .rightEar, .noseBase, .rightCheek]
        }
        return allCases.filter(kept.contains)
    }
}

/// One hand found by ``HandLandmarkerGraph``.
public struct PipelineHand: Sendable {
    /// The 21 hand landmarks (docs/pipeline.md §12.7 order: wrist, thumb, index, middle, ring,
    /// pinky, each from the palm outwards), normalized to the input's width and height (x right,
    /// y down); z is the depth relative to the wrist in the scale of x, smaller is nearer the
    /// camera.
    public var landmarks: [PipelineLandmark]
    /// The same 21 landmarks in metres, origin near the hand's geometric centre, axes turned to
    /// the input's x (right) and y (down) axes.
    public var worldLandmarks: [PipelineLandmark]
    /// Whether this is a left or a right hand.
    public var handedness: PipelineHandedness

    public init(landmarks: [PipelineLandmark], worldLandmarks: [PipelineLandmark], handedness: PipelineHandedness) {
        self.landmarks = landmarks
        self.worldLandmarks = worldLandmarks
        self.handedness = handedness
    }
}

/// The hand landmark model's handedness as MediaPipe reports it (docs/pipeline.md §12.3): the
/// likelier of "Right" (index 0, the model's score) and "Left" (index 1, one minus it), for the
/// picture as the subject appears in it; a tie is "Right".
public struct PipelineHandedness: Sendable, Hashable {
    /// 0 for "Right", 1 for "Left" (MediaPipe's label map).
    public var index: Int
    /// The probability of this label, in [0.5, 1] for a finite model output.
    public var score: Float
    /// "Right" or "Left".
    public var label: String { index == 0 ? "Right" : "Left" }

    public init(index: Int, score: Float) {
        self.index = index
        self.score = score
    }

    /// The handedness from the model's probability `score` that the hand is a right hand.
    public init(rightHandScore score: Float) {
        let left = Float(1 - Double(score))
        if left > score {
            self.init(index: 1, score: left)
        } else {
            self.init(index: 0, score: score)
        }
    }
}

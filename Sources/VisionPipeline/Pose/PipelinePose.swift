import Imaging

/// One pose found by ``PoseLandmarkerGraph``.
public struct PipelinePose: Sendable {
    /// The 33 body landmarks (docs/pipeline.md §6.8 order: nose, eyes, ears, mouth, shoulders, …,
    /// feet), normalized to the input's width and height (x right, y down; z in the scale of x,
    /// relative to the hips, smaller is nearer the camera), each with visibility and presence
    /// probabilities.
    public var landmarks: [PipelineLandmark]
    /// The same 33 landmarks in metres, origin at the hips' midpoint, axes turned to the input's
    /// x (right) and y (down) axes; visibility and presence copied from ``landmarks``.
    public var worldLandmarks: [PipelineLandmark]
    /// The person's segmentation mask, rendered at the input's size on demand, values in [0, 1]
    /// (probability that the pixel shows this person; 0 outside the pose's region), when masks
    /// were asked for.
    public var segmentationMask: PoseSegmentationMask?

    public init(landmarks: [PipelineLandmark], worldLandmarks: [PipelineLandmark], segmentationMask: PoseSegmentationMask? = nil) {
        self.landmarks = landmarks
        self.worldLandmarks = worldLandmarks
        self.segmentationMask = segmentationMask
    }
}

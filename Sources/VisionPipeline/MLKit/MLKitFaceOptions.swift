/// What `MLKitFaceAnalyzer` computes: the options of ML Kit's and Firebase's face detectors.
public struct MLKitFaceOptions: Sendable, Hashable {
    /// false: `.fast`, MediaPipe's short-range detector. true: `.accurate`, the small-faces search
    /// of `FaceLandmarkerGraph` (faces down to 24 px wide, docs/pipeline.md §9.1).
    public var accurate: Bool
    /// The 10 landmarks for every face.
    public var landmarks: Bool
    /// The 15 contours, for the most prominent (largest) face only.
    public var contours: Bool
    /// Smiling and eye-open probabilities (runs the blendshapes model).
    public var classification: Bool
    /// Faces whose head width (frame width) / image width, both in the upright picture, is below
    /// this are dropped, as ML Kit documents, in `.accurate` too; in [0, 1]. Does not apply to the
    /// face that carries the contours.
    public var minFaceSize: Float
    /// Tracking IDs across consecutive calls (forced off in contour-only fast mode); the calls
    /// are then video frames that reuse the faces' ROIs (`ObjectTracker`, redetecting schedule).
    public var tracking: Bool

    public init(accurate: Bool = false, landmarks: Bool = false, contours: Bool = false, classification: Bool = false,
                minFaceSize: Float = 0.1, tracking: Bool = false) {
        self.accurate = accurate
        self.landmarks = landmarks
        self.contours = contours
        self.classification = classification
        self.minFaceSize = minFaceSize
        self.tracking = tracking
    }

    /// ML Kit's real-time contour combination (`.fast`, contours only): one face, no pitch, no
    /// tracking (docs/pipeline.md §10.1).
    public var isContourOnlyFast: Bool { !accurate && contours && !landmarks && !classification }

    /// Whether tracking IDs are assigned.
    public var assignsTrackingIDs: Bool { tracking && !isContourOnlyFast }
}

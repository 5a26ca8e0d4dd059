/// A point in the input's pixel grid (origin top-left, x right, y down, unrotated stored pixels).
public struct PixelPoint: Sendable, Hashable {
    public var x: Float
    public var y: Float

    public init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }
}

/// One face as ML Kit reports it, derived from MediaPipe's mesh, blendshapes and matrix.
public struct MLKitFaceResult: Sendable {
    /// Bounds of the 478 mesh points, in input pixels; in `.fast`, for a detection whose mesh the
    /// landmark model rejected, the detector's box (and no mesh-derived field is set).
    public var frame: FaceBox
    /// The tracking ID, when tracking is on.
    public var trackingID: Int?
    /// Head rotation (degrees), nil when the face's transformation matrix is degenerate.
    public var headAngles: HeadEulerAngles?
    /// Whether `headAngles.x` (pitch) is reported (not in contour-only fast mode).
    public var reportsPitch: Bool
    /// Smiling and eye-open probabilities, when classification is on.
    public var classification: FaceClassification?
    /// The 10 landmarks (input pixels), when landmarks are on.
    public var landmarks: [MeshLandmark: PixelPoint]
    /// The 15 contours (input pixels), for the most prominent face when contours are on.
    public var contours: [MeshContour: [PixelPoint]]

    public init(frame: FaceBox, trackingID: Int? = nil, headAngles: HeadEulerAngles? = nil, reportsPitch: Bool = true,
                classification: FaceClassification? = nil, landmarks: [MeshLandmark: PixelPoint] = [:],
                contours: [MeshContour: [PixelPoint]] = [:]) {
        self.frame = frame
        self.trackingID = trackingID
        self.headAngles = headAngles
        self.reportsPitch = reportsPitch
        self.classification = classification
        self.landmarks = landmarks
        self.contours = contours
    }
}

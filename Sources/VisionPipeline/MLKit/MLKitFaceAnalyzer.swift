/// ML Kit's face detector made of MediaPipe's pieces: `FaceLandmarkerGraph` (image mode) finds
/// faces and their 478-point meshes, then every ML Kit field is derived:
/// frame = mesh bounds; landmarks and contours = `MeshLandmark` / `MeshContour` index tables;
/// head angles = `HeadEulerAngles` of the transformation matrix; probabilities =
/// `FaceClassification` of the blendshapes; tracking IDs = `FaceTrackingIDs` over the frames.
///
/// Not thread-safe: one call at a time (the API layers serialise calls on a queue).
public final class MLKitFaceAnalyzer {
    public let options: MLKitFaceOptions
    let graph: FaceLandmarkerGraph
    var tracker = FaceTrackingIDs()

    /// Most faces looked at per image.
    public static let maximumFaces = 32
    /// Points of MediaPipe's refined face mesh (the index tables use all of them).
    static let meshPointCount = 478

    /// - Parameter bundlePath: `face_landmarker.task`; `.accurate` also needs
    ///   `face_detection_full_range_sparse.tflite` in the same folder.
    public init(bundlePath: String, options: MLKitFaceOptions, engine: EngineChoice = .init()) throws(PipelineError) {
        guard options.minFaceSize.isFinite, (0...1).contains(options.minFaceSize) else {
            throw .invalidArgument("minFaceSize \(options.minFaceSize) is not in [0, 1]")
        }
        self.options = options
        graph = try FaceLandmarkerGraph(modelPath: bundlePath, options: FaceLandmarkerGraphOptions(
            numFaces: Self.maximumFaces, outputBlendshapes: options.classification,
            outputTransformationMatrixes: true, detectsSmallFaces: options.accurate, engine: engine))
    }

    /// The faces of `image`, in the input's pixel grid; the detector's order (best score first),
    /// except that contour-only fast mode returns just the most prominent face.
    public func analyze(_ image: PipelineImage) throws(PipelineError) -> [MLKitFaceResult] {
        let candidates = try findFaces(in: image)
        let frames = candidates.map(\.frame)
        let meshed = candidates.indices.filter { candidates[$0].points != nil }
        let prominent = (meshed.isEmpty ? Array(candidates.indices) : meshed).max { frames[$0].area < frames[$1].area }
        let quarterTurn = image.orientation.clockwiseRotationDegrees % 180 == 90
        let width = Float(image.image.width), height = Float(image.image.height)
        var kept: [Int] = []
        for i in candidates.indices {
            if options.isContourOnlyFast, i != prominent { continue }
            let isContourFace = options.contours && i == prominent
            let ratio = quarterTurn ? frames[i].height / height : frames[i].width / width
            if ratio < options.minFaceSize, !isContourFace { continue }
            kept.append(i)
        }
        let ids = options.assignsTrackingIDs ? tracker.assign(kept.map { frames[$0] }) : nil
        return kept.enumerated().map { position, i in
            let candidate = candidates[i]
            var result = MLKitFaceResult(frame: frames[i], trackingID: ids?[position], reportsPitch: !options.isContourOnlyFast)
            guard let face = candidate.face, let points = candidate.points else { return result }
            result.headAngles = face.transformationMatrix
                .flatMap(HeadEulerAngles.init(transformationMatrix:))?
                .uprighted(clockwiseRotationDegrees: image.orientation.clockwiseRotationDegrees)
            if options.classification, let scores = face.blendshapes {
                result.classification = FaceClassification(blendshapes: scores)
            }
            if options.landmarks {
                for landmark in MeshLandmark.allCases { result.landmarks[landmark] = Self.mean(of: landmark.meshIndices, in: points) }
            }
            if options.contours, i == prominent {
                for contour in MeshContour.allCases { result.contours[contour] = contour.meshIndices.map { points[$0] } }
            }
            return result
        }
    }

    /// A face found: its frame, and its mesh when the landmark model accepted it.
    struct Candidate {
        var frame: FaceBox
        var face: PipelineFace?
        var points: [PixelPoint]?
    }

    /// `.accurate`: the landmarker's faces (small-faces search). `.fast`: the short-range
    /// detector's faces exactly as `FaceDetectorGraph` finds them (one detector pass), each with the
    /// mesh of its ROI; a detection whose mesh the landmark model rejects keeps the detector's box
    /// and has no mesh-derived fields.
    func findFaces(in image: PipelineImage) throws(PipelineError) -> [Candidate] {
        let width = Float(image.image.width), height = Float(image.image.height)
        let found: [(box: FaceBox?, face: PipelineFace?)]
        if options.accurate {
            found = try graph.process(image, timestampMilliseconds: 0).map { (nil, $0) }
        } else {
            found = try graph.facesPerDetection(image, suppressionThreshold: FaceDetectorGraphOptions().minSuppressionThreshold)
                .map { ($0.box, $0.face) }
        }
        return try found.map { entry throws(PipelineError) -> Candidate in
            guard let face = entry.face else { return Candidate(frame: entry.box ?? FaceBox(x: 0, y: 0, width: 0, height: 0)) }
            guard face.landmarks.count >= Self.meshPointCount else {
                throw .inference("the landmark model gave \(face.landmarks.count) mesh points, not \(Self.meshPointCount)")
            }
            let points = face.landmarks.map { PixelPoint(x: $0.x * width, y: $0.y * height) }
            return Candidate(frame: FaceBox(enclosing: points.map { ($0.x, $0.y) }), face: face, points: points)
        }
    }

    /// Forgets the tracked faces.
    public func resetTracking() { tracker.reset() }

    static func mean(of indices: [Int], in points: [PixelPoint]) -> PixelPoint {
        var x: Float = 0, y: Float = 0
        for i in indices { x += points[i].x; y += points[i].y }
        let n = Float(max(indices.count, 1))
        return PixelPoint(x: x / n, y: y / n)
    }
}

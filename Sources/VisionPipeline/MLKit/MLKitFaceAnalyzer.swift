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
        let width = Float(image.image.width), height = Float(image.image.height)
        let faces = try graph.process(image, timestampMilliseconds: 0)
        guard faces.allSatisfy({ $0.landmarks.count >= Self.meshPointCount }) else {
            throw .inference("the landmark model gave fewer than \(Self.meshPointCount) mesh points")
        }
        let points = faces.map { face in face.landmarks.map { PixelPoint(x: $0.x * width, y: $0.y * height) } }
        let frames = points.map { FaceBox(enclosing: $0.map { ($0.x, $0.y) }) }
        let prominent = frames.indices.max { frames[$0].area < frames[$1].area }
        let quarterTurn = image.orientation.clockwiseRotationDegrees % 180 == 90
        var kept: [Int] = []
        for i in faces.indices {
            if options.isContourOnlyFast, i != prominent { continue }
            let isContourFace = options.contours && i == prominent
            let ratio = quarterTurn ? frames[i].height / height : frames[i].width / width
            if ratio < options.minFaceSize, !isContourFace { continue }
            kept.append(i)
        }
        let ids = options.assignsTrackingIDs ? tracker.assign(kept.map { frames[$0] }) : nil
        return kept.enumerated().map { position, i in
            var result = MLKitFaceResult(frame: frames[i], trackingID: ids?[position],
                                         headAngles: faces[i].transformationMatrix.flatMap(HeadEulerAngles.init(transformationMatrix:)),
                                         reportsPitch: !options.isContourOnlyFast)
            if options.classification, let scores = faces[i].blendshapes {
                result.classification = FaceClassification(blendshapes: scores)
            }
            if options.landmarks {
                for landmark in MeshLandmark.allCases { result.landmarks[landmark] = Self.mean(of: landmark.meshIndices, in: points[i]) }
            }
            if options.contours, i == prominent {
                for contour in MeshContour.allCases { result.contours[contour] = contour.meshIndices.map { points[i][$0] } }
            }
            return result
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

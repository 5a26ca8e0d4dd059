import Imaging
import Inference

/// ML Kit's face detector made of MediaPipe's pieces, on the stages of `FaceLandmarkerGraph`
/// (its detector, 478-point mesh, blendshapes and transformation matrix): faces are found as
/// `findFaces` describes, then every ML Kit field is derived: frame = mesh bounds; landmarks and
/// contours = `MeshLandmark` / `MeshContour` index tables (landmarks thinned by head yaw as ML Kit
/// does, `MeshLandmark.reported(forYaw:)`); head angles = `HeadEulerAngles` of the matrix;
/// probabilities = `FaceClassification` of the blendshapes; tracking IDs = `FaceTrackingIDs`
/// over the frames.
///
/// Only what the options need runs: the blendshapes model only with classification. The mesh and
/// the matrix always run, because every ML Kit face reports head angles (Y and Z in every mode)
/// and its frame is the mesh bounds.
///
/// Not thread-safe: one call at a time (the API layers serialise calls on a queue).
public final class MLKitFaceAnalyzer {
    public let options: MLKitFaceOptions
    let graph: FaceLandmarkerGraph
    var tracker = FaceTrackingIDs()
    /// The faces' ROIs carried between frames when tracking is on (ML Kit's redetecting schedule).
    var video = ObjectTracker(schedule: .redetecting(interval: MLKitFaceAnalyzer.redetectionInterval),
                              minTrackingConfidence: FaceLandmarkerGraphOptions().minTrackingConfidence)
    var videoIdentities = TrackIdentities()
    /// The size and orientation of the frame the tracked ROIs belong to: another one starts over.
    var videoFrame: VideoFrameKey?

    /// Test hooks: how often the face detector and the landmark model ran since creation.
    package var detectorRuns = 0
    package var meshRuns = 0
    /// Test hook: whether the blendshapes model is loaded (only with classification).
    package var loadsBlendshapesModel: Bool { graph.blendshapesModel != nil }

    /// Most faces looked at per image.
    public static let maximumFaces = 32
    /// With tracking on, the face detector runs at least every this many frames while all faces
    /// are tracked (``ObjectTracker/Schedule/redetecting(interval:)``): a face entering the
    /// picture is reported at most this many frames late.
    public static let redetectionInterval = 5
    /// Points of MediaPipe's refined face mesh (the index tables use all of them).
    static let meshPointCount = 478

    /// - Parameter bundlePath: `face_landmarker.task`.
    public init(bundlePath: String, options: MLKitFaceOptions, engine: InterpreterOptions = .init()) throws(PipelineError) {
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
                // Thinned by yaw as ML Kit does; the yaw is the same in the stored and upright picture.
                for landmark in MeshLandmark.reported(forYaw: result.headAngles?.y ?? 0) {
                    result.landmarks[landmark] = Self.mean(of: landmark.meshIndices, in: points)
                }
            }
            if options.contours, i == prominent {
                for contour in MeshContour.allCases { result.contours[contour] = contour.meshIndices.map { points[$0] } }
            }
            return result
        }
    }

    /// Forgets the tracked faces (their IDs and ROIs): the next call starts a new video.
    public func resetTracking() {
        tracker.reset()
        video.reset()
        videoFrame = nil
    }

    static func mean(of indices: [Int], in points: [PixelPoint]) -> PixelPoint {
        var x: Float = 0, y: Float = 0
        for i in indices { x += points[i].x; y += points[i].y }
        let n = Float(max(indices.count, 1))
        return PixelPoint(x: x / n, y: y / n)
    }
}

/// The stored image size and orientation that tracked ROIs belong to.
struct VideoFrameKey: Equatable {
    var width: Int
    var height: Int
    var orientation: Orientation
}

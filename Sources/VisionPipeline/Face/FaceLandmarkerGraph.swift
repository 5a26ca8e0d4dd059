import TFLite
import VisionCore

/// MediaPipe's Face Landmarker graph on our engine (docs/pipeline.md §3–§5, §7, §8): face detector (NMS 0.5),
/// ROI ×1.5, 256 landmark crop, presence `>` threshold, projection, optional blendshapes and
/// facial transformation matrix; in streaming mode, loop-back ROIs from the landmarks, the detector
/// skipped while `numFaces` faces are tracked, IoU association, and One-Euro smoothing.
///
/// Not thread-safe: one call at a time.
public final class FaceLandmarkerGraph {
    public let options: FaceLandmarkerGraphOptions
    let detector: FaceDetectorModel
    let landmarksModel: FaceLandmarksModel
    let blendshapesModel: FaceBlendshapesModel?
    let geometry: FaceGeometryEstimator?
    /// The small-faces search, with `detectsSmallFaces`.
    var smallFaces: FaceSearch?
    /// The faces tracked into the next frame (streaming).
    var tracker: ObjectTracker
    var identities = TrackIdentities()
    /// Smoothing state: with `.mediaPipe` (numFaces == 1) one smoother follows face 0 whatever ROI
    /// it came from, and is reset by a frame without a face, as in MediaPipe.
    var smoothers = TrackSmoothers<LandmarksSmoother>()
    /// The previous streaming frame's size: MediaPipe restarts smoothing when it changes.
    var previousFrameSize: (width: Int, height: Int)?

    /// - Parameter modelPath: a `face_landmarker.task` bundle (face_detector.tflite,
    ///   face_landmarks_detector.tflite, face_blendshapes.tflite,
    ///   geometry_pipeline_metadata_landmarks.binarypb).
    public init(modelPath: String, options: FaceLandmarkerGraphOptions) throws(PipelineError) {
        guard options.numFaces > 0 else { throw .invalidArgument("numFaces \(options.numFaces) must be positive") }
        for (name, value) in [("minFaceDetectionConfidence", options.minFaceDetectionConfidence),
                              ("minFacePresenceConfidence", options.minFacePresenceConfidence),
                              ("minTrackingConfidence", options.minTrackingConfidence)] {
            guard (0...1).contains(value) else { throw .invalidArgument("\(name) \(value) is not in [0, 1]") }
        }
        let file = try ModelFile(path: modelPath)
        try file.requireMembers([BundleMember.faceDetector, BundleMember.faceLandmarksDetector, BundleMember.faceBlendshapes, BundleMember.faceGeometry])
        detector = try FaceDetectorModel(model: file.model(named: BundleMember.faceDetector), path: modelPath, engine: options.engine)
        landmarksModel = try FaceLandmarksModel(model: file.model(named: BundleMember.faceLandmarksDetector), path: modelPath,
                                                engine: options.engine)
        blendshapesModel = options.outputBlendshapes
            ? try FaceBlendshapesModel(model: file.model(named: BundleMember.faceBlendshapes), path: modelPath, engine: options.engine)
            : nil
        if options.outputTransformationMatrixes {
            let bytes = try file.data(named: BundleMember.faceGeometry)
            do {
                geometry = FaceGeometryEstimator(metadata: try GeometryPipelineMetadata(protobuf: bytes))
            } catch {
                throw .invalidModel(path: modelPath, detail: "\(BundleMember.faceGeometry): \(error)")
            }
        } else {
            geometry = nil
        }
        try SearchTilePlan.validate(minFaceSize: options.minFaceSize)
        smallFaces = options.detectsSmallFaces ? FaceSearch(detector: detector, minFaceSize: options.minFaceSize, mergeThreshold: 0.5) : nil
        self.options = options
        tracker = ObjectTracker(schedule: .mediaPipe(maxCount: options.numFaces), minTrackingConfidence: options.minTrackingConfidence)
    }

    /// Faces in the image, in the input's pixel grid. `timestampMilliseconds` is used only while
    /// streaming (the caller guarantees it increases); image mode ignores it.
    public func process(_ image: PipelineImage, timestampMilliseconds: Int) throws(PipelineError) -> [PipelineFace] {
        let prepared = try PreparedImage(image)
        guard options.isStreaming else {
            return try meshFaces(in: prepared, rects: detectionRects(in: prepared, everyTile: true)).map(\.face)
        }
        if let size = previousFrameSize, size != (prepared.width, prepared.height) { smoothers.reset() }
        previousFrameSize = (prepared.width, prepared.height)
        var candidates = tracker.tracks ?? []
        if tracker.needsDetection() {
            candidates = tracker.associate(detected: try detectionRects(in: prepared, everyTile: tracker.tracks == nil),
                                           limit: options.numFaces,
                                           identities: &identities)
        }
        var faces: [PipelineFace] = []
        var next: [ObjectTracker.Track] = []
        let timestamp = Int64(timestampMilliseconds) &* 1_000_000
        for (position, candidate) in candidates.prefix(options.numFaces).enumerated() {
            let found = try landmarksModel.landmarks(in: prepared.image, rect: candidate.roi,
                                                     minPresence: options.minFacePresenceConfidence)
            guard var landmarks = found.landmarks else { continue }
            let nextROI = LandmarksROI.face(landmarks, imageWidth: prepared.width, imageHeight: prepared.height)
            if smooths(position: position) {
                landmarks = try smooth(landmarks, id: candidate.id, timestamp: timestamp, prepared: prepared)
            }
            next.append(.init(roi: nextROI ?? candidate.roi, id: candidate.id))
            faces.append(try face(from: landmarks, prepared: prepared))
        }
        smoothers.endFrame(hadObjects: !faces.isEmpty)
        tracker.endFrame(next: next)
        return faces
    }

    /// Forgets tracking and smoothing state (a new video).
    public func reset() {
        tracker.reset()
        smoothers.reset()
        smallFaces?.reset()
        previousFrameSize = nil
    }

    /// The detector ROIs (×1.5 of the projected boxes), best first; the short-range detector
    /// merges at IoU 0.5, as MediaPipe's face landmarker does. `everyTile`: see `detectFaces`.
    func detectionRects(in prepared: PreparedImage, everyTile: Bool) throws(PipelineError) -> [NormalizedRect] {
        try detectFaces(in: prepared, suppressionThreshold: 0.5, everyTile: everyTile).compactMap(\.rect)
    }

    /// Whether the face at `position` of the ROI list is smoothed.
    func smooths(position: Int) -> Bool {
        switch options.smoothing {
        case .off: false
        case .mediaPipe: options.numFaces == 1 && position == 0
        case .allTracked: true
        }
    }

    /// The landmarks smoothed by the smoother of track `id` (MediaPipe's single one with
    /// `.mediaPipe`), at `timestamp` ns.
    private func smooth(_ landmarks: [LandmarkPoint], id: Int, timestamp: Int64,
                        prepared: PreparedImage) throws(PipelineError) -> [LandmarkPoint] {
        do {
            return try smoothers.smooth(id: id, shared: options.smoothing == .mediaPipe,
                                        make: { () throws(VisionCoreError) in try LandmarksSmoother(parameters: .faceLandmarks) }) {
                smoother throws(VisionCoreError) in
                try smoother.smooth(landmarks, imageWidth: prepared.width, imageHeight: prepared.height, timestamp: timestamp)
            }
        } catch {
            throw .inference("smoothing: \(error)")
        }
    }

    /// The output face: landmarks mirrored back if needed, blendshapes and matrix when requested.
    func face(from landmarks: [LandmarkPoint], prepared: PreparedImage) throws(PipelineError) -> PipelineFace {
        var face = PipelineFace(landmarks: landmarks.map {
            PipelineLandmark(x: prepared.inputX($0.x), y: $0.y, z: $0.z)
        })
        if let blendshapesModel {
            face.blendshapes = try blendshapesModel.scores(for: landmarks, imageWidth: prepared.width,
                                                           imageHeight: prepared.height)
        }
        if let geometry {
            face.transformationMatrix = try? geometry.transformationMatrix(for: Array(landmarks.prefix(geometry.landmarkCount)),
                                                                          frameWidth: prepared.width,
                                                                          frameHeight: prepared.height) ?? nil
        }
        return face
    }
}

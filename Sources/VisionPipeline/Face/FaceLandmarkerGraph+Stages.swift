import VisionCore

/// One face detection with the landmark ROI derived from it.
struct FaceDetectionROI {
    /// The detection's box in the input's pixel grid (as `FaceDetectorGraph` reports it).
    var box: FaceBox
    /// The landmark model's ROI (box ×1.5, rotated by the eyes) in the prepared image; nil when
    /// the detection has too few keypoints.
    var rect: NormalizedRect?
}

/// One face the landmark model accepted.
struct MeshedFace {
    /// Landmarks in the input's grid, with blendshapes and matrix as the graph's options ask.
    var face: PipelineFace
    /// MediaPipe's loop-back ROI for the next frame (docs/pipeline.md §4.4), in the prepared image.
    var nextROI: NormalizedRect?
}

extension FaceLandmarkerGraph {
    /// The detector stage alone, for callers that schedule it themselves (ML Kit's detectors):
    /// with `detectsSmallFaces`, the small-faces search (``FaceSearch``: every tile when
    /// `everyTile`, else a streaming frame's share) with every detection kept, since some will
    /// not pass the landmark model; otherwise the short-range detector on the whole picture with
    /// weighted NMS at `suppressionThreshold`, at most `numFaces`. Score ≥
    /// `minFaceDetectionConfidence`, best first.
    func detectFaces(in prepared: PreparedImage, suppressionThreshold: Float,
                     everyTile: Bool = true) throws(PipelineError) -> [FaceDetectionROI] {
        var detections: [RelativeDetection]
        if smallFaces != nil {
            detections = try smallFaces!.detect(prepared, minScore: options.minFaceDetectionConfidence, everyTile: everyTile)
        } else {
            detections = try detector.detect(prepared.image, rect: prepared.fullImageRect,
                                             minScore: options.minFaceDetectionConfidence, iouThreshold: suppressionThreshold)
            detections = Array(detections.prefix(options.numFaces))
        }
        return detections.map { detection in
            var shown = detection
            if prepared.isMirrored { shown.xmin = 1 - (detection.xmin + detection.width) }
            let pixels = shown.pixelBoundingBox(imageWidth: prepared.width, imageHeight: prepared.height)
            return FaceDetectionROI(
                box: FaceBox(x: Float(pixels.originX), y: Float(pixels.originY), width: Float(pixels.width), height: Float(pixels.height)),
                rect: DetectionROI.face(detection, imageWidth: prepared.width, imageHeight: prepared.height))
        }
    }

    /// The meshes of the faces in `rects` (best first), at most `numFaces`. With the small-faces
    /// search, a mesh that mostly lies inside one kept already (more than half of the smaller
    /// mesh box) is the same face seen from another tile and is dropped, and rects are meshed
    /// until `numFaces` faces are found; otherwise the first `numFaces` rects are meshed, as in
    /// MediaPipe.
    func meshFaces(in prepared: PreparedImage, rects: [NormalizedRect]) throws(PipelineError) -> [MeshedFace] {
        let searching = smallFaces != nil
        var faces: [MeshedFace] = []
        var boxes: [AxisAlignedBox] = []
        for rect in searching ? rects : Array(rects.prefix(options.numFaces)) {
            guard faces.count < options.numFaces else { break }
            guard let meshed = try meshFace(in: prepared, rect: rect) else { continue }
            if searching {
                let box = meshed.face.pixelBox(imageWidth: prepared.width, imageHeight: prepared.height)
                if boxes.contains(where: { $0.overlapFraction(with: box) > Self.sameFaceOverlap }) { continue }
                boxes.append(box)
            }
            faces.append(meshed)
        }
        return faces
    }

    /// Two meshes whose boxes share more than this fraction of the smaller box are one face.
    static let sameFaceOverlap: Float = 0.5

    /// The landmark stage alone for the face in `rect` (prepared image): the mesh, then blendshapes
    /// and matrix as enabled, and the next frame's ROI; nil when the face's presence is not above
    /// `minFacePresenceConfidence`. No smoothing.
    func meshFace(in prepared: PreparedImage, rect: NormalizedRect) throws(PipelineError) -> MeshedFace? {
        let found = try landmarksModel.landmarks(in: prepared.image, rect: rect, minPresence: options.minFacePresenceConfidence)
        guard let landmarks = found.landmarks else { return nil }
        return MeshedFace(face: try face(from: landmarks, prepared: prepared),
                          nextROI: LandmarksROI.face(landmarks, imageWidth: prepared.width, imageHeight: prepared.height))
    }
}

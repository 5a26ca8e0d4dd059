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
    /// with `detectsSmallFaces`, the small-faces search (full-range detector plus short-range
    /// tiles, merged at IoU 0.3); otherwise the short-range detector on the whole picture with
    /// weighted NMS at `suppressionThreshold`. Score ≥ `minFaceDetectionConfidence`, best first,
    /// at most `numFaces`.
    func detectFaces(in prepared: PreparedImage, suppressionThreshold: Float) throws(PipelineError) -> [FaceDetectionROI] {
        let detections: [RelativeDetection]
        if let smallFaces {
            detections = try smallFaces.detect(prepared, minScore: options.minFaceDetectionConfidence)
        } else {
            detections = try detector.detect(prepared.image, rect: prepared.fullImageRect,
                                             minScore: options.minFaceDetectionConfidence, iouThreshold: suppressionThreshold)
        }
        return detections.prefix(options.numFaces).map { detection in
            var shown = detection
            if prepared.isMirrored { shown.xmin = 1 - (detection.xmin + detection.width) }
            let pixels = shown.pixelBoundingBox(imageWidth: prepared.width, imageHeight: prepared.height)
            return FaceDetectionROI(
                box: FaceBox(x: Float(pixels.originX), y: Float(pixels.originY), width: Float(pixels.width), height: Float(pixels.height)),
                rect: DetectionROI.face(detection, imageWidth: prepared.width, imageHeight: prepared.height))
        }
    }

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

import VisionCore

extension FaceLandmarkerGraph {
    /// ML Kit's `.fast` path in one detector pass: the short-range detector with
    /// `FaceDetectorGraph`'s settings (score ≥ `minFaceDetectionConfidence`, weighted NMS at
    /// `suppressionThreshold`, every detection kept), then the landmark model (and, when enabled,
    /// blendshapes and matrix) in each detection's ROI, as in image mode.
    ///
    /// One entry per detection, best score first: the detection's box in input pixels (as
    /// `FaceDetectorGraph` reports it) and its face, nil when the landmark model's presence is too low.
    func facesPerDetection(_ image: PipelineImage, suppressionThreshold: Float) throws(PipelineError)
        -> [(box: FaceBox, face: PipelineFace?)] {
        let prepared = try PreparedImage(image)
        let detections = try detector.detect(prepared.image, rect: prepared.fullImageRect,
                                             minScore: options.minFaceDetectionConfidence, iouThreshold: suppressionThreshold)
        var results: [(box: FaceBox, face: PipelineFace?)] = []
        for detection in detections {
            var shown = detection
            if prepared.isMirrored { shown.xmin = 1 - (detection.xmin + detection.width) }
            let pixels = shown.pixelBoundingBox(imageWidth: prepared.width, imageHeight: prepared.height)
            let box = FaceBox(x: Float(pixels.originX), y: Float(pixels.originY), width: Float(pixels.width), height: Float(pixels.height))
            guard let rect = DetectionROI.face(detection, imageWidth: prepared.width, imageHeight: prepared.height),
                  let landmarks = try landmarksModel.landmarks(in: prepared.image, rect: rect,
                                                               minPresence: options.minFacePresenceConfidence).landmarks else {
                results.append((box, nil))
                continue
            }
            var face = PipelineFace(landmarks: landmarks.map { PipelineLandmark(x: prepared.inputX($0.x), y: $0.y, z: $0.z) })
            if let blendshapesModel {
                face.blendshapes = try blendshapesModel.scores(for: landmarks, imageWidth: prepared.width, imageHeight: prepared.height)
            }
            if let geometry {
                face.transformationMatrix = try? geometry.transformationMatrix(for: Array(landmarks.prefix(geometry.landmarkCount)),
                                                                              frameWidth: prepared.width,
                                                                              frameHeight: prepared.height) ?? nil
            }
            results.append((box, face))
        }
        return results
    }
}

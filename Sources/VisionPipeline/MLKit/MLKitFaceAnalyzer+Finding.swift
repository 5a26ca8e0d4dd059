import VisionCore

extension MLKitFaceAnalyzer {
    /// A face found: its frame, and its mesh when the landmark model accepted it.
    struct Candidate {
        var frame: FaceBox
        var face: PipelineFace?
        var points: [PixelPoint]?
        /// The ROI that follows this face into the next frame (prepared image), when it has a mesh.
        var nextROI: NormalizedRect?
    }

    /// The faces of `image`.
    ///
    /// Which detector: `.fast` = the short-range detector exactly as `FaceDetectorGraph` runs it
    /// (score ≥ 0.5, weighted NMS 0.3, every detection kept); `.accurate` = the FaceLandmarker's
    /// small-faces search. Each detection gets the mesh of its ROI; in `.fast` a detection whose
    /// mesh the landmark model rejects keeps the detector's box and has no mesh-derived field, in
    /// `.accurate` it is dropped.
    ///
    /// Tracking off: every call is an independent image (detector, then meshes). Tracking on: a
    /// video (``ObjectTracker`` with ML Kit's redetecting schedule): the meshes follow their
    /// loop-back ROIs; the detector runs when nothing is tracked (the first frame, an empty
    /// scene, a new image size or orientation), when a tracked face was lost in this frame, when
    /// the previous frame had a face the landmark model rejected, and every
    /// ``redetectionInterval`` frames. Its detections that fall on a tracked face (box centre
    /// inside the face's frame) are not meshed again. Tracked faces come first, in their order,
    /// then new ones in the detector's order. (MediaPipe instead runs the detector whenever fewer
    /// than `numFaces` faces are tracked, which for ML Kit's "every face" would be every frame.)
    func findFaces(in image: PipelineImage) throws(PipelineError) -> [Candidate] {
        let prepared = try PreparedImage(image)
        guard options.assignsTrackingIDs else {
            return try detectedFaces(in: prepared, image: image, besides: [])
        }
        let frameKey = VideoFrameKey(width: image.image.width, height: image.image.height, orientation: image.orientation)
        if videoFrame != frameKey { video.reset() }
        videoFrame = frameKey
        var faces: [Candidate] = []
        var lost = false
        for track in video.tracks ?? [] {
            meshRuns += 1
            guard let meshed = try graph.meshFace(in: prepared, rect: track.roi) else {
                lost = true
                continue
            }
            let candidate = try Self.candidate(meshed, image: image)
            // Two ROIs that drifted onto one face: keep the first.
            if faces.contains(where: { $0.frame.intersectionOverUnion(candidate.frame) > Self.sameFaceIoU }) { continue }
            faces.append(candidate)
        }
        let detect = video.needsDetection(lostAnObject: lost)
        if detect {
            // With `.accurate`, a scene with tracked faces gets a streaming frame's share of the search.
            let found = try detectedFaces(in: prepared, image: image, besides: faces, everyTile: faces.isEmpty)
            faces = Array((faces + found).prefix(Self.maximumFaces))
        }
        let next = faces.compactMap(\.nextROI).map { ObjectTracker.Track(roi: $0, id: videoIdentities.next()) }
        video.endFrame(next: next, detected: detect, hadUntrackedObject: faces.contains { $0.face == nil })
        return faces
    }

    /// Tracked faces whose frames overlap more than this are one face.
    static let sameFaceIoU: Float = 0.5

    /// One detector pass and the meshes of its detections, skipping detections whose box centre
    /// lies inside the frame of a face in `known`, or whose mesh overlaps one of them (with
    /// `.accurate`, or one found before it) by more than `sameFaceIoU`. `everyTile`: see
    /// `FaceLandmarkerGraph.detectFaces`.
    private func detectedFaces(in prepared: PreparedImage, image: PipelineImage, besides known: [Candidate],
                               everyTile: Bool = true) throws(PipelineError) -> [Candidate] {
        let suppression = FaceDetectorGraphOptions().minSuppressionThreshold
        var found: [Candidate] = []
        detectorRuns += 1
        for detection in try graph.detectFaces(in: prepared, suppressionThreshold: suppression, everyTile: everyTile) {
            let centre = (x: detection.box.x + detection.box.width / 2, y: detection.box.y + detection.box.height / 2)
            if known.contains(where: { $0.frame.contains(x: centre.x, y: centre.y) }) { continue }
            if detection.rect != nil { meshRuns += 1 }
            if let rect = detection.rect, let meshed = try graph.meshFace(in: prepared, rect: rect) {
                let candidate = try Self.candidate(meshed, image: image)
                // A tracked face whose detection centre fell outside its frame: the same face. With
                // `.accurate`, also a face found already in this pass, seen from another tile.
                let others = options.accurate ? known + found : known
                if others.contains(where: { $0.frame.intersectionOverUnion(candidate.frame) > Self.sameFaceIoU }) { continue }
                found.append(candidate)
            } else if !options.accurate {
                found.append(Candidate(frame: detection.box))
            }
        }
        return found
    }

    /// The candidate of a meshed face: its mesh in input pixels and their bounds.
    static func candidate(_ meshed: MeshedFace, image: PipelineImage) throws(PipelineError) -> Candidate {
        let face = meshed.face
        guard face.landmarks.count >= meshPointCount else {
            throw .inference("the landmark model gave \(face.landmarks.count) mesh points, not \(meshPointCount)")
        }
        let width = Float(image.image.width), height = Float(image.image.height)
        let points = face.landmarks.map { PixelPoint(x: $0.x * width, y: $0.y * height) }
        return Candidate(frame: FaceBox(enclosing: points.map { ($0.x, $0.y) }), face: face, points: points, nextROI: meshed.nextROI)
    }
}

extension FaceBox {
    /// Whether the point (pixels) lies inside the box, edges included.
    func contains(x px: Float, y py: Float) -> Bool {
        px >= x && px <= x + width && py >= y && py <= y + height
    }
}

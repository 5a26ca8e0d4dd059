import VisionCore

// Single stages of the graph, visible to this package only (`package`), never to its users: the
// parity tests drive the stages one at a time against MediaPipe's recorded stage outputs.

extension FaceLandmarkerGraph {
    /// Package stage access: the detector's ROIs for an image (×1.5 of the projected boxes, best first).
    package func detectorRects(_ image: PipelineImage) throws(PipelineError) -> [NormalizedRect] {
        try detectionRects(in: PreparedImage(image), everyTile: true)
    }

    /// Package stage access: the projected, unsmoothed landmarks of the face in `rect` (nil when its presence
    /// is not above the threshold), in the pixel grid the graph works in (un-mirrored).
    package func landmarks(_ image: PipelineImage, rect: NormalizedRect) throws(PipelineError) -> [LandmarkPoint]? {
        let prepared = try PreparedImage(image)
        return try landmarksModel.landmarks(in: prepared.image, rect: rect, minPresence: options.minFacePresenceConfidence).landmarks
    }
}

extension FaceLandmarkerGraph {
    /// Package stage access (streaming): replaces the tracked faces with `rects`, as if the previous frame
    /// had produced them as next-frame ROIs, with fresh smoothing state.
    package func seedTracking(with rects: [NormalizedRect]) {
        tracker.endFrame(next: rects.map { ObjectTracker.Track(roi: $0, id: identities.next()) })
        smoothers.reset()
    }
}

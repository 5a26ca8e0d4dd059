import VisionCore

/// The ROIs a streaming pose graph carries from one frame to the next, each with a track
/// identity so that per-pose state (smoothing) can follow a person.
///
/// The ROIs themselves follow MediaPipe exactly (``RectAssociation``); the identities are ours: a
/// tracked ROI keeps its identity, a detection that replaces tracked ROIs (IoU `>` the threshold)
/// takes over the identity of the one it overlaps most, anything else gets a new identity.
struct PoseTrackList {
    struct Track {
        var roi: NormalizedRect
        var id: Int
    }

    /// `nil` before the first frame and after ``reset()``, so that the detector runs.
    private(set) var tracks: [Track]?

    mutating func reset() {
        tracks = nil
    }

    /// Replaces the tracks with the next-frame ROIs of this frame's poses.
    mutating func update(_ tracks: [Track]) {
        self.tracks = tracks
    }

    /// MediaPipe's association of the tracked ROIs with `detected` (in score order), cut to
    /// `limit`, with identities; new identities are taken from `nextID`.
    func associate(detected: [NormalizedRect], association: RectAssociation, limit: Int,
                   nextID: inout Int) -> [Track] {
        let tracked = tracks ?? []
        let rects = association.associate(tracked: tracked.map(\.roi), detected: detected).prefix(max(0, limit))
        var used = Set<Int>()
        var result: [Track] = []
        for rect in rects {
            var id: Int?
            if let same = tracked.first(where: { $0.roi == rect && !used.contains($0.id) }) {
                id = same.id
            } else {
                let box = rect.axisAlignedBox
                var best: Float = association.minSimilarityThreshold
                for track in tracked where !used.contains(track.id) {
                    let iou = box.intersectionOverUnion(with: track.roi.axisAlignedBox)
                    if iou > best {
                        best = iou
                        id = track.id
                    }
                }
            }
            let assigned: Int
            if let id {
                assigned = id
            } else {
                assigned = nextID
                nextID &+= 1
            }
            used.insert(assigned)
            result.append(Track(roi: rect, id: assigned))
        }
        return result
    }
}

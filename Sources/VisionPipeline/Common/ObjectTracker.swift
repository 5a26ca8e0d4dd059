import VisionCore

/// The one tracker of the VIDEO and LIVE_STREAM graphs (docs/pipeline.md §7): the objects (faces,
/// poses, hands) followed from frame to frame by their loop-back ROIs, each with an identity that
/// per-object state (``TrackSmoothers``) follows; when the detector runs (``Schedule``); how its
/// ROIs are merged with the tracked ones (MediaPipe's ``VisionCore/RectAssociation``); and
/// ``reset()``.
///
/// Identities are ours: a tracked ROI that survives association keeps its identity, a detection
/// that replaces tracked ROIs (IoU `>` the threshold) takes over the identity of the one it
/// overlaps most, anything else gets a new identity.
struct ObjectTracker {
    /// When the detector runs on a frame.
    enum Schedule {
        /// MediaPipe's: on the first frame and while fewer than `maxCount` objects are tracked.
        case mediaPipe(maxCount: Int)
        /// ML Kit's video tracking (docs/pipeline.md §10.5): when nothing is tracked, when a
        /// tracked object was lost in this frame, when the previous frame had an object without a
        /// track, and every `interval` frames, so a new object is found at most that late.
        case redetecting(interval: Int)
    }

    struct Track: Equatable {
        var roi: NormalizedRect
        var id: Int
    }

    let schedule: Schedule
    let association: RectAssociation
    /// The loop-back ROIs for this frame; nil before the first frame and after ``reset()``.
    private(set) var tracks: [Track]?
    private var framesSinceDetection = 0
    private var hadUntrackedObject = false

    init(schedule: Schedule, minTrackingConfidence: Float, rule: RectAssociation.Rule = .laterReplaces) {
        self.schedule = schedule
        association = RectAssociation(minSimilarityThreshold: minTrackingConfidence, rule: rule)
    }

    /// Whether the detector runs on this frame; `lostAnObject`: a tracked object was lost in it
    /// (only the redetecting schedule looks).
    func needsDetection(lostAnObject: Bool = false) -> Bool {
        switch schedule {
        case .mediaPipe(let maxCount):
            return DetectorSchedule(maxCount: maxCount).shouldRunDetector(trackedCount: tracks?.count)
        case .redetecting(let interval):
            return (tracks ?? []).isEmpty || lostAnObject || hadUntrackedObject || framesSinceDetection + 1 >= max(1, interval)
        }
    }

    /// MediaPipe's association of the tracked ROIs with `detected` (in score order), cut to
    /// `limit`, with identities; new identities come from `identities`.
    func associate(detected: [NormalizedRect], limit: Int, identities: inout TrackIdentities) -> [Track] {
        let tracked = tracks ?? []
        let rects = DetectorSchedule(maxCount: limit).clip(association.associate(tracked: tracked.map(\.roi), detected: detected))
        var used = Set<Int>()
        var result: [Track] = []
        for rect in rects {
            var id = tracked.first { $0.roi == rect && !used.contains($0.id) }?.id
            if id == nil {
                let box = rect.axisAlignedBox
                var best = association.minSimilarityThreshold
                for track in tracked where !used.contains(track.id) {
                    let iou = box.intersectionOverUnion(with: track.roi.axisAlignedBox)
                    if iou > best {
                        best = iou
                        id = track.id
                    }
                }
            }
            let assigned = id ?? identities.next()
            used.insert(assigned)
            result.append(Track(roi: rect, id: assigned))
        }
        return result
    }

    /// Ends a frame: `next` are the objects' ROIs for the next frame; `detected` whether the
    /// detector ran; `hadUntrackedObject` whether an object of this frame got no ROI.
    mutating func endFrame(next: [Track], detected: Bool = false, hadUntrackedObject: Bool = false) {
        tracks = next
        self.hadUntrackedObject = hadUntrackedObject
        framesSinceDetection = detected ? 0 : framesSinceDetection + 1
    }

    /// Forgets every object: the next frame is a first frame.
    mutating func reset() {
        tracks = nil
        framesSinceDetection = 0
        hadUntrackedObject = false
    }
}

/// The source of track identities of one graph (several trackers of a graph share it, so that
/// identities never collide).
struct TrackIdentities {
    private var last = -1

    mutating func next() -> Int {
        last &+= 1
        return last
    }
}

/// The smoothing state of a graph's tracked objects (docs/pipeline.md §8.4): with
/// ``LandmarkSmoothing/mediaPipe`` one smoother for the first object whatever its track, as
/// MediaPipe does; with ``LandmarkSmoothing/allTracked`` one per track identity.
struct TrackSmoothers<Smoother> {
    private var single: Smoother?
    private var byIdentity: [Int: Smoother] = [:]
    private var used = Set<Int>()

    /// Runs `body` on the smoother of the object with identity `id` (the single one when
    /// `shared`), made by `make` when there is none yet, and keeps it.
    mutating func smooth<Result, Failure: Error>(id: Int, shared: Bool, make: () throws(Failure) -> Smoother,
                                                 _ body: (inout Smoother) throws(Failure) -> Result) throws(Failure) -> Result {
        var smoother: Smoother
        if let existing = shared ? single : byIdentity[id] { smoother = existing } else { smoother = try make() }
        let result = try body(&smoother)
        if shared { single = smoother } else { byIdentity[id] = smoother; used.insert(id) }
        return result
    }

    /// Ends a frame: smoothers of identities not smoothed in it are dropped, and the single one
    /// too when the frame had no object.
    mutating func endFrame(hadObjects: Bool) {
        if !hadObjects { single = nil }
        byIdentity = byIdentity.filter { used.contains($0.key) }
        used = []
    }

    /// Drops every smoother.
    mutating func reset() {
        single = nil
        byIdentity = [:]
        used = []
    }
}

import VisionCore

/// VIDEO / LIVE_STREAM (docs/pipeline.md §7.4): MediaPipe's tracking loop for the primary poses,
/// the every-person extras on their own list, and smoothing.
extension PoseLandmarkerGraph {
    /// VIDEO / LIVE_STREAM: MediaPipe's tracking for the primary poses, then the extra people.
    func track(_ frame: PoseFrame) throws(PipelineError) -> [(estimate: PoseEstimate, id: Int)] {
        let detection = primary.needsDetection() ? try runDetector(frame) : nil
        let tracks = primary.associate(detected: detection?.rois ?? [], limit: options.numPoses, identities: &identities)
        var found: [(estimate: PoseEstimate, id: Int)] = []
        for track in tracks {
            if let estimate = try estimate(track.roi, in: frame) { found.append((estimate, track.id)) }
        }
        primary.endFrame(next: found.compactMap { item in item.estimate.nextROI.map { .init(roi: $0, id: item.id) } })
        guard options.searchesEveryPerson else { return found }
        return found + (try trackExtras(frame, primary: found.map(\.estimate), fullPicture: detection?.candidates))
    }

    /// The extra people while streaming: tracked like MediaPipe's poses but on their own list;
    /// one that now overlaps a primary pose is dropped (MediaPipe's detector found it), and the
    /// search for new ones runs on frames where MediaPipe's detector ran, at most once every
    /// ``EveryPersonSearch/streamingInterval`` such frames.
    private func trackExtras(_ frame: PoseFrame, primary known: [PoseEstimate],
                             fullPicture: PoseDetectorStage.Candidates?) throws(PipelineError) -> [(estimate: PoseEstimate, id: Int)] {
        let room = options.numPoses - known.count
        var found: [(estimate: PoseEstimate, id: Int)] = []
        for track in extras.tracks ?? [] where found.count < room {
            guard let estimate = try estimate(track.roi, in: frame) else { continue }
            let everyone = known + found.map(\.estimate)
            if EveryPersonSearch.duplicates(estimate, of: everyone, width: frame.image.width,
                                            height: frame.image.height) { continue }
            found.append((estimate, track.id))
        }
        if let fullPicture, found.count < room {
            let due = framesSinceSearch.map { $0 + 1 >= EveryPersonSearch.streamingInterval } ?? true
            if due {
                framesSinceSearch = 0
                let extra = try everyPersonSearch.search(frame, fullPicture: fullPicture, known: known + found.map(\.estimate),
                                                         limit: room - found.count)
                for estimate in extra { found.append((estimate, identities.next())) }
            } else {
                framesSinceSearch = (framesSinceSearch ?? 0) + 1
            }
        }
        extras.endFrame(next: found.compactMap { item in item.estimate.nextROI.map { .init(roi: $0, id: item.id) } })
        return found
    }

    /// Smoothing while streaming (docs/pipeline.md §8.3, §8.4).
    func smooth(_ found: inout [(estimate: PoseEstimate, id: Int)], frame: PoseFrame,
                        timestamp: Int64) throws(PipelineError) {
        let width = frame.image.width, height = frame.image.height
        // MediaPipe smooths its single pose; with `.allTracked` every pose has its own smoother.
        let smoothed: Range<Int> = switch options.smoothing {
        case .off: 0..<0
        case .mediaPipe: options.numPoses == 1 ? 0..<min(1, found.count) : 0..<0
        case .allTracked: found.indices
        }
        for index in smoothed {
            try smoothers.smooth(id: found[index].id, shared: options.smoothing == .mediaPipe,
                                 make: { () throws(PipelineError) in try PoseSmoother(options.smoothingParameters) }) {
                smoother throws(PipelineError) in
                try smoother.smooth(&found[index].estimate, width: width, height: height, timestamp: timestamp)
            }
        }
        smoothers.endFrame(hadObjects: !found.isEmpty)
    }
}

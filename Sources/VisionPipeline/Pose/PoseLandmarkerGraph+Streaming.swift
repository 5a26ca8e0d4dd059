import VisionCore

/// VIDEO / LIVE_STREAM (docs/pipeline.md §7.4): MediaPipe's tracking loop for the primary poses,
/// the every-person extras on their own list, and smoothing.
extension PoseLandmarkerGraph {
    /// VIDEO / LIVE_STREAM: MediaPipe's tracking for the primary poses, then the extra people.
    func track(_ frame: PoseFrame) throws(PipelineError) -> [(estimate: PoseEstimate, id: Int)] {
        let schedule = DetectorSchedule(maxCount: options.numPoses)
        let detection = schedule.shouldRunDetector(trackedCount: primary.tracks?.count) ? try runDetector(frame) : nil
        let tracks = primary.associate(detected: detection?.rois ?? [], association: association, limit: options.numPoses,
                                       nextID: &nextTrackID)
        var found: [(estimate: PoseEstimate, id: Int)] = []
        for track in tracks {
            if let estimate = try estimate(track.roi, in: frame) { found.append((estimate, track.id)) }
        }
        primary.update(found.compactMap { item in item.estimate.nextROI.map { .init(roi: $0, id: item.id) } })
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
                for estimate in extra {
                    found.append((estimate, nextTrackID))
                    nextTrackID &+= 1
                }
            } else {
                framesSinceSearch = (framesSinceSearch ?? 0) + 1
            }
        }
        extras.update(found.compactMap { item in item.estimate.nextROI.map { .init(roi: $0, id: item.id) } })
        return found
    }

    /// Smoothing while streaming (docs/pipeline.md §8.3, §8.4).
    func smooth(_ found: inout [(estimate: PoseEstimate, id: Int)], frame: PoseFrame,
                        timestamp: Int64) throws(PipelineError) {
        let width = frame.image.width, height = frame.image.height
        switch options.smoothing {
        case .off:
            return
        case .mediaPipe:
            guard options.numPoses == 1 else { return }
            guard !found.isEmpty else {
                singleSmoother = nil
                return
            }
            var smoother = try singleSmoother.orNew(options.smoothingParameters)
            try smoother.smooth(&found[0].estimate, width: width, height: height, timestamp: timestamp)
            singleSmoother = smoother
        case .allTracked:
            var kept: [Int: PoseSmoother] = [:]
            for index in found.indices {
                var smoother = try smoothers[found[index].id].orNew(options.smoothingParameters)
                try smoother.smooth(&found[index].estimate, width: width, height: height, timestamp: timestamp)
                kept[found[index].id] = smoother
            }
            smoothers = kept
        }
    }
}

extension PoseSmoother? {
    /// The smoother, or a new one.
    func orNew(_ parameters: PoseSmoothingParameters) throws(PipelineError) -> PoseSmoother {
        if let self { return self }
        return try PoseSmoother(parameters)
    }
}

import Imaging
import VisionCore

/// MediaPipe's HandLandmarker graph (`hand_landmarker_graph.cc`, docs/pipeline.md §12) on our
/// engine: palm detector → hand ROI → landmark model → landmarks, world landmarks and handedness.
///
/// * IMAGE (`isStreaming` false): every call runs the palm detector on the whole picture, keeps
///   the ROIs of the `numHands` best palms and runs the landmark model on each; hands whose
///   presence is not above `minHandPresenceConfidence` are dropped, then duplicates
///   (``VisionCore/HandDuplicates``). Order: palm score.
/// * VIDEO / LIVE_STREAM: each hand's next-frame ROI is tracked; the palm detector runs only while
///   fewer than `numHands` hands are tracked, and its ROIs are added only where they overlap no
///   tracked hand (IoU `≤` `minTrackingConfidence`). Tracked hands keep their order, new ones
///   follow. No smoothing, as in MediaPipe.
/// * Every hand (``HandLandmarkerGraphOptions/findsEveryHand``, `numHands > 1`): after MediaPipe's
///   hands, ``EveryHandSearch`` adds hands from `minHandSize` pixels; while streaming it runs on frames where
///   the palm detector runs, at most once every ``EveryHandSearch/streamingInterval`` of them, and
///   its hands are tracked like the others (so they count towards `numHands`).
/// * Orientation: the detector sees the upright picture; results are in the input's own pixel
///   coordinates. Mirrored inputs are cropped mirrored, so the model sees, and the handedness
///   names, the subject's own hand.
///
/// Not thread-safe: one call at a time.
public final class HandLandmarkerGraph {
    public let options: HandLandmarkerGraphOptions
    let detector: PalmDetectorStage
    let landmarkStage: HandLandmarkStage
    var tracker: ObjectTracker
    var identities = TrackIdentities()
    /// Palm-detector frames since the every-hand search last ran while streaming.
    var framesSinceSearch: Int?

    /// - Parameter modelPath: a hand landmarker `.task` bundle (`hand_detector.tflite` and
    ///   `hand_landmarks_detector.tflite`).
    public init(modelPath: String, options: HandLandmarkerGraphOptions) throws(PipelineError) {
        try options.validate()
        let models = try HandModels(path: modelPath, engine: options.engine)
        self.options = options
        detector = PalmDetectorStage(runner: models.detector, range: models.detectorRange)
        landmarkStage = HandLandmarkStage(runner: models.landmarks, range: models.landmarksRange)
        tracker = ObjectTracker(schedule: .mediaPipe(maxCount: options.numHands),
                                minTrackingConfidence: options.minTrackingConfidence, rule: .trackedKept)
    }

    /// The hands in `input`. `timestampMilliseconds` is not used (no smoothing); the caller
    /// checks that it increases while streaming.
    public func process(_ input: PipelineImage, timestampMilliseconds: Int) throws(PipelineError) -> [PipelineHand] {
        let image = input.image
        let rois: [ObjectTracker.Track]
        let detects = !options.isStreaming || tracker.needsDetection()
        if options.isStreaming {
            let detected = detects ? try palmROIs(input) : []
            rois = tracker.associate(detected: detected, limit: options.numHands, identities: &identities)
        } else {
            rois = try palmROIs(input).prefix(options.numHands).map { .init(roi: $0, id: 0) }
        }
        var found: [(estimate: HandEstimate, id: Int)] = []
        for track in rois {
            if let estimate = try landmarkStage.estimate(image, roi: track.roi, flipHorizontally: input.orientation.isMirrored,
                                                         minPresence: options.minHandPresenceConfidence) {
                found.append((estimate, track.id))
            }
        }
        let duplicates = HandDuplicates.suppressed(found.map(\.estimate.landmarks), imageWidth: image.width,
                                                   imageHeight: image.height)
        found = found.indices.filter { !duplicates.contains($0) }.map { found[$0] }
        if options.searchesEveryHand, detects, searchIsDue() {
            let extra = try everyHandSearch.search(input, known: found.map(\.estimate), limit: options.numHands - found.count,
                                                   minScore: options.minHandDetectionConfidence,
                                                   minPresence: options.minHandPresenceConfidence)
            found += extra.map { ($0, identities.next()) }
        }
        if options.isStreaming {
            tracker.endFrame(next: found.map { .init(roi: $0.estimate.nextROI, id: $0.id) })
        }
        return found.map { Self.pipelineHand($0.estimate) }
    }

    /// Forgets the tracked hands (a new video).
    public func reset() {
        tracker.reset()
        framesSinceSearch = nil
    }

    var everyHandSearch: EveryHandSearch {
        EveryHandSearch(detector: detector, landmarks: landmarkStage, minHandSize: options.minHandSize)
    }

    /// Image mode: always. Streaming: on the first palm-detector frame, then on every
    /// ``EveryHandSearch/streamingInterval``-th.
    private func searchIsDue() -> Bool {
        guard options.isStreaming else { return true }
        let due = framesSinceSearch.map { $0 + 1 >= EveryHandSearch.streamingInterval } ?? true
        framesSinceSearch = due ? 0 : (framesSinceSearch ?? 0) + 1
        return due
    }

    /// The ROIs of the palms in the upright picture, best first (docs/pipeline.md §12.2).
    func palmROIs(_ input: PipelineImage) throws(PipelineError) -> [NormalizedRect] {
        let image = input.image
        let whole = NormalizedRect.fullImage(orientation: input.orientation, imageWidth: image.width,
                                             imageHeight: image.height)
        let palms = try detector.palms(image, in: whole, flipHorizontally: input.orientation.isMirrored,
                                       minScore: options.minHandDetectionConfidence)
        return palms.compactMap { DetectionROI.hand($0, imageWidth: image.width, imageHeight: image.height) }
    }

    static func pipelineHand(_ estimate: HandEstimate) -> PipelineHand {
        func convert(_ point: LandmarkPoint) -> PipelineLandmark { PipelineLandmark(x: point.x, y: point.y, z: point.z) }
        return PipelineHand(landmarks: estimate.landmarks.map(convert), worldLandmarks: estimate.worldLandmarks.map(convert),
                            handedness: estimate.handedness)
    }
}

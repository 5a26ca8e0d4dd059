import Imaging
import VisionCore

/// MediaPipe's PoseLandmarker graph (`pose_landmarker_graph.cc`, docs/pipeline.md §6–§8) on our
/// engine: pose detector → alignment ROI → landmark model → landmarks, world landmarks and masks,
/// with MediaPipe's tracking and smoothing while streaming.
///
/// * IMAGE (`isStreaming` false): every call runs the detector on the whole picture, keeps the
///   `numPoses` best detections and runs the landmark model on each; poses whose presence is not
///   above `minPosePresenceConfidence` are dropped. Order: detector score.
/// * VIDEO / LIVE_STREAM: each pose's next-frame ROI (from the model's two auxiliary points)
///   is tracked; the detector runs only while fewer than `numPoses` poses are tracked; its ROIs
///   replace the tracked ones they overlap (IoU `>` `minTrackingConfidence`). Tracked poses keep
///   their order, new ones follow. Smoothing as ``LandmarkSmoothing`` says.
/// * Every person (``PoseLandmarkerGraphOptions/findsEveryPerson``, `numPoses > 1`): see
///   ``EveryPersonSearch``; MediaPipe's poses are computed first, exactly as without the option,
///   and extra people follow them (they are tracked separately, so they never change when
///   MediaPipe's detector runs).
/// * Orientation: the detector sees the upright picture; results are in the input's own pixel
///   coordinates. See ``PoseDetectorRotation`` for MediaPipe's rotation quirk. Mirrored inputs
///   are cropped mirrored, so left and right landmarks keep the subject's sides; their world
///   landmarks are mirrored to the input's axes too.
///
/// Not thread-safe: one call at a time.
public final class PoseLandmarkerGraph {
    public let options: PoseLandmarkerGraphOptions
    let detector: PoseDetectorStage
    let landmarkStage: PoseLandmarkStage
    /// MediaPipe's tracked poses, and the extra people of the every-person search on a list of
    /// their own (so they never change MediaPipe's); one source of identities for both.
    var primary: ObjectTracker
    var extras: ObjectTracker
    var identities = TrackIdentities()
    var smoothers = TrackSmoothers<PoseSmoother>()
    var framesSinceSearch: Int?

    /// - Parameter modelPath: a pose landmarker `.task` bundle (`pose_detector.tflite` and
    ///   `pose_landmarks_detector.tflite`, with or without TFLite metadata).
    public init(modelPath: String, options: PoseLandmarkerGraphOptions) throws(PipelineError) {
        try options.validate()
        _ = try PoseSmoother(options.smoothingParameters)
        // Masks and the every-person search's plausibility test read the segmentation output.
        let computesSegmentation = options.outputSegmentationMasks || options.searchesEveryPerson
        let models = try PoseModels(path: modelPath, engine: options.engine, computesSegmentation: computesSegmentation)
        self.options = options
        detector = PoseDetectorStage(runner: models.detector, range: models.detectorRange)
        landmarkStage = PoseLandmarkStage(runner: models.landmarks, range: models.landmarksRange,
                                          computesSegmentation: computesSegmentation)
        primary = ObjectTracker(schedule: .mediaPipe(maxCount: options.numPoses), minTrackingConfidence: options.minTrackingConfidence)
        extras = ObjectTracker(schedule: .mediaPipe(maxCount: options.numPoses), minTrackingConfidence: options.minTrackingConfidence)
    }

    /// The poses in `input`. `timestampMilliseconds` is used only while streaming (the caller
    /// guarantees that it increases); smoothing runs on `ms·10⁶` ns.
    public func process(_ input: PipelineImage, timestampMilliseconds: Int) throws(PipelineError) -> [PipelinePose] {
        let frame = PoseFrame(input, rotation: options.detectorRotation)
        var found: [(estimate: PoseEstimate, id: Int)]
        if options.isStreaming {
            let (nanoseconds, overflow) = Int64(timestampMilliseconds).multipliedReportingOverflow(by: 1_000_000)
            guard !overflow else { throw .invalidArgument("timestamp \(timestampMilliseconds) ms is out of range") }
            found = try track(frame)
            try smooth(&found, frame: frame, timestamp: nanoseconds)
        } else {
            found = try detectAll(frame).map { ($0, 0) }
        }
        return found.map { Self.pipelinePose($0.estimate) }
    }

    /// Forgets tracking and smoothing state (a new video).
    public func reset() {
        primary.reset()
        extras.reset()
        smoothers.reset()
        framesSinceSearch = nil
    }

    var primaryTrackedROIs: [NormalizedRect]? { primary.tracks?.map(\.roi) }

    // MARK: Stages

    /// IMAGE mode: detector, ROIs, landmark model; then the every-person search.
    private func detectAll(_ frame: PoseFrame) throws(PipelineError) -> [PoseEstimate] {
        let detection = try runDetector(frame)
        var estimates: [PoseEstimate] = []
        for roi in detection.rois {
            if let estimate = try estimate(roi, in: frame) { estimates.append(estimate) }
        }
        if options.searchesEveryPerson {
            estimates += try everyPersonSearch.search(frame, fullPicture: detection.candidates, known: estimates,
                                                      limit: options.numPoses - estimates.count)
        }
        return estimates
    }

    /// MediaPipe's detector pass (docs/pipeline.md §6.2): the ROIs of the `numPoses` best detections,
    /// and the decoded candidates (down to the every-person search's lower score when it is on).
    func runDetector(_ frame: PoseFrame) throws(PipelineError)
        -> (rois: [NormalizedRect], candidates: PoseDetectorStage.Candidates) {
        let threshold = options.minPoseDetectionConfidence
        let lowest = options.searchesEveryPerson ? min(threshold, EveryPersonSearch.candidateScore) : threshold
        let candidates = try detector.candidates(frame.image, in: frame.detectorRect,
                                                 flipHorizontally: frame.isMirrored, minScore: lowest)
        let detections = candidates.merged(minScore: threshold, undoRotation: frame.undoesRotation)
        let rois = detections.prefix(options.numPoses).compactMap {
            DetectionROI.pose($0, imageWidth: frame.image.width, imageHeight: frame.image.height)
        }
        return (rois, candidates)
    }

    func estimate(_ roi: NormalizedRect, in frame: PoseFrame) throws(PipelineError) -> PoseEstimate? {
        try landmarkStage.estimate(frame.image, roi: roi, flipHorizontally: frame.isMirrored,
                                   minPresence: options.minPosePresenceConfidence,
                                   outputMask: options.outputSegmentationMasks)
    }

    var everyPersonSearch: EveryPersonSearch {
        EveryPersonSearch(detector: detector, landmarks: landmarkStage, minPresence: options.minPosePresenceConfidence,
                          outputMask: options.outputSegmentationMasks)
    }

    static func pipelinePose(_ estimate: PoseEstimate) -> PipelinePose {
        func convert(_ point: LandmarkPoint) -> PipelineLandmark {
            PipelineLandmark(x: point.x, y: point.y, z: point.z, visibility: point.visibility, presence: point.presence)
        }
        return PipelinePose(landmarks: estimate.landmarks.map(convert), worldLandmarks: estimate.worldLandmarks.map(convert),
                            segmentationMask: estimate.mask)
    }
}

/// One input as the pose graph sees it: the pixels, the detector's ROI for the orientation, and
/// how detections come back.
struct PoseFrame {
    let image: Image
    let orientation: Orientation
    /// The whole picture, turned upright (MediaPipe's `ConvertToNormalizedRect`).
    let detectorRect: NormalizedRect
    var isMirrored: Bool { orientation.isMirrored }
    /// Whether detections are projected through the crop matrix rather than only un-letterboxed.
    let undoesRotation: Bool

    init(_ input: PipelineImage, rotation: PoseDetectorRotation) {
        image = input.image
        orientation = input.orientation
        detectorRect = NormalizedRect.fullImage(orientation: input.orientation, imageWidth: input.image.width,
                                                imageHeight: input.image.height)
        undoesRotation = input.orientation != .up && (input.orientation.isMirrored || rotation == .undone)
    }
}

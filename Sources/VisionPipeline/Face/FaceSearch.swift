import VisionCore

/// `detectsSmallFaces` (beyond MediaPipe, docs/pipeline.md §9.1): a face detector over the tiles
/// of a ``SearchTilePlan``, each tile's candidates (score ≥ ``candidateScore``) kept where the tile
/// owns their centre, all of them merged by weighted NMS, a candidate dropped when more than half
/// of its box lies inside the box of a better one (a larger face seen cut by a finer tile); then
/// each candidate is looked at again, alone and upright, at a size the detector knows well (the
/// box a third of the tensor), and kept, with that second look's box and keypoints, when it
/// scores at least ``confirmedScore`` (faces and texture mistaken for them score apart there:
/// docs/pipeline.md §9.1).
///
/// The detector is fully convolutional, so a tile is as large as ``SearchTilePlan/tileSide``
/// allows: few tiles, little overlap. In image mode every tile runs. While streaming, the first
/// frame (and the first after a size change or a reset) runs every tile; later frames that need
/// the detector run the whole-picture tile (MediaPipe's pass, so large faces are found as soon as
/// MediaPipe would) and the next ``tilesPerStreamingFrame`` tiles of a plan of smaller ones
/// (``SearchTilePlan/streamingFaceTileSide``), in turn, while tracked faces follow their loop-back
/// ROIs. A face that appears is found at most
/// `ceil((plan.detectorRuns − 1) / tilesPerStreamingFrame)` frames late.
package struct FaceSearch {
    /// Tiles besides the whole picture run per streaming frame (of the streaming plan, whose two
    /// tiles cost about eight runs of the detector's own input).
    package static let tilesPerStreamingFrame = 2
    /// The least score of a tile's candidates (or the caller's threshold, when lower).
    static let candidateScore: Float = 0.4
    /// The least score of the second look (or the caller's threshold, when higher).
    static let confirmedScore: Float = 0.75
    /// The second look decodes detections from this score, MediaPipe's default threshold (all
    /// 896 anchors would cost a quadratic NMS each time).
    static let secondLookFloor: Float = 0.5
    /// Detections of different tiles are one face when more than this fraction of the smaller
    /// box lies inside the other.
    static let containedFraction: Float = 0.5

    let detector: FaceDetectorModel
    let minFaceSize: Int
    /// IoU above which detections of different tiles are merged.
    let mergeThreshold: Float
    /// The plans of the last picture size: every tile at once, and the streaming frames' share.
    private var plans: (image: SearchTilePlan, streaming: SearchTilePlan)?
    /// The next finer-level tile of the streaming plan a streaming frame runs.
    private var cursor = 0

    init(detector: FaceDetectorModel, minFaceSize: Int, mergeThreshold: Float) {
        self.detector = detector
        self.minFaceSize = minFaceSize
        self.mergeThreshold = mergeThreshold
    }

    /// The plans for `prepared`'s upright picture (made once per picture size).
    mutating func plans(for prepared: PreparedImage) -> (image: SearchTilePlan, streaming: SearchTilePlan) {
        let width = Int((prepared.fullImageRect.width * Float(prepared.width)).rounded())
        let height = Int((prepared.fullImageRect.height * Float(prepared.height)).rounded())
        if let plans, plans.image.width == width, plans.image.height == height { return plans }
        let (minFaceSize, inputSize) = (self.minFaceSize, detector.inputSize)
        let plan = { (streaming: Bool) in
            SearchTilePlan.faces(width: width, height: height, minFaceSize: minFaceSize, detectorInputSize: inputSize,
                                 streaming: streaming)
        }
        let made = (image: plan(false), streaming: plan(true))
        plans = made
        cursor = 0
        return made
    }

    /// Detections in image-normalized coordinates, best first: of every tile when `everyTile`,
    /// else of the whole picture and the next ``tilesPerStreamingFrame`` tiles.
    mutating func detect(_ prepared: PreparedImage, minScore: Float, everyTile: Bool) throws(PipelineError) -> [RelativeDetection] {
        let plans = plans(for: prepared)
        let plan = everyTile ? plans.image : plans.streaming
        let finer = plan.tiles.count - 1
        var chosen = Array(0..<finer)
        if !everyTile {
            chosen = (0..<min(Self.tilesPerStreamingFrame, finer)).map { (cursor + $0) % finer }
            if finer > 0 { cursor = (cursor + Self.tilesPerStreamingFrame) % finer }
        }
        let full = prepared.fullImageRect
        let candidateScore = min(minScore, Self.candidateScore)
        var all = try detector.detect(prepared.image, rect: full, minScore: candidateScore, iouThreshold: mergeThreshold)
        for index in chosen {
            let tile = plan.tiles[index]
            let rect = plan.rect(of: tile, full: full, imageWidth: prepared.width, imageHeight: prepared.height)
            let found = try detector.detect(prepared.image, rect: rect, tensorWidth: tile.tensorWidth, tensorHeight: tile.tensorHeight,
                                            minScore: candidateScore, iouThreshold: mergeThreshold)
            all += plan.owned(found, by: tile, full: full, imageWidth: prepared.width, imageHeight: prepared.height)
        }
        var candidates: [RelativeDetection] = []
        for detection in WeightedNonMaxSuppression(iouThreshold: mergeThreshold).apply(to: all)
            where !candidates.contains(where: { $0.box.overlapFraction(with: detection.box) > Self.containedFraction }) {
            candidates.append(detection)
        }
        var confirmed: [RelativeDetection] = []
        for candidate in candidates {
            guard let second = try secondLook(at: candidate, in: prepared),
                  second.score >= max(minScore, Self.confirmedScore), !confirmed.contains(where: { $0.box.overlapFraction(with: second.box) > Self.containedFraction }) else { continue }
            confirmed.append(second)
        }
        return confirmed.sorted { $0.score > $1.score }
    }

    /// The detector's best detection centred in `candidate`'s box when it looks at the square
    /// three times the box's longer side (pixels) around the box, turned like the picture,
    /// decoded from score ``secondLookFloor``.
    func secondLook(at candidate: RelativeDetection, in prepared: PreparedImage) throws(PipelineError) -> RelativeDetection? {
        let width = Float(prepared.width), height = Float(prepared.height)
        let side = 3 * max(candidate.width * width, candidate.height * height)
        guard side > 0 else { return nil }
        let rect = NormalizedRect(xCenter: candidate.xmin + candidate.width / 2, yCenter: candidate.ymin + candidate.height / 2,
                                  width: side / width, height: side / height, rotation: prepared.fullImageRect.rotation)
        let box = candidate.box
        return try detector.detect(prepared.image, rect: rect, minScore: Self.secondLookFloor, iouThreshold: mergeThreshold).first { detection in
            let x = detection.xmin + detection.width / 2, y = detection.ymin + detection.height / 2
            return box.contains(x: x, y: y)
        }
    }

    /// Forgets the streaming position.
    mutating func reset() {
        cursor = 0
    }
}

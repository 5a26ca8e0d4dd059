import Imaging
import VisionCore

/// `findsEveryHand` (beyond MediaPipe, docs/pipeline.md §12.8): the palm detector over the tiles
/// of a ``SearchTilePlan`` for hands from `minHandSize` pixels, each tile's palms kept where the
/// tile owns their centre, merged by weighted NMS across tiles; then, best palm first, the
/// landmark model on each palm's hand ROI, skipping palms inside a hand already found, keeping
/// hands that pass the presence gate and repeat no hand found (``VisionCore/HandDuplicates``).
///
/// MediaPipe's whole-picture pass is the plan's last tile; the graph runs it first, exactly as
/// without the option, so the search only adds hands after MediaPipe's.
package struct EveryHandSearch {
    /// The smallest `minHandSize` accepted: below it the tiles (96 px and less) multiply without
    /// bound.
    package static let smallestMinHandSize = 16
    /// The hand extent, in palm-detector tensor pixels (192), for which the tiles are sized. On
    /// the fixture hands pasted onto a 192×192 grey picture the detector finds most from 20 px,
    /// but one hand holding cards is missed at some sizes up to 76 px; on the crowd test picture,
    /// sizing for 24 px missed its 32 and 36 px hands, for 28 px a 112 px one, for 32 px none.
    static let smallestDetectableHand: Float = 32
    /// Streaming: the search runs on frames where the palm detector runs, at most once every this
    /// many of them.
    static let streamingInterval = 10

    let detector: PalmDetectorStage
    let landmarks: HandLandmarkStage
    /// The smallest hand the search is for: pixels of landmark extent (the longer side of the
    /// 21 landmarks' bounds) in the upright picture.
    let minHandSize: Int

    /// The plan for an upright `width`×`height` picture.
    package static func plan(width: Int, height: Int, minHandSize: Int) -> SearchTilePlan {
        SearchTilePlan(width: width, height: height, minObjectSize: minHandSize,
                       detectorInputSize: PalmDetectorStage.inputSize, smallestDetectable: smallestDetectableHand,
                       maxTensorSide: PalmDetectorStage.inputSize, tensorMultiple: PalmDetectorStage.inputSize)
    }

    /// Up to `limit` hands in `input` besides `known`, best palm first.
    func search(_ input: PipelineImage, known: [HandEstimate], limit: Int, minScore: Float,
                minPresence: Float) throws(PipelineError) -> [HandEstimate] {
        guard limit > 0 else { return [] }
        let image = input.image
        let full = NormalizedRect.fullImage(orientation: input.orientation, imageWidth: image.width, imageHeight: image.height)
        let uprightWidth = Int((full.width * Float(image.width)).rounded())
        let uprightHeight = Int((full.height * Float(image.height)).rounded())
        let plan = Self.plan(width: uprightWidth, height: uprightHeight, minHandSize: minHandSize)
        var palms: [RelativeDetection] = []
        for tile in plan.tiles.dropLast() {
            let rect = plan.rect(of: tile, full: full, imageWidth: image.width, imageHeight: image.height)
            let found = try detector.palms(image, in: rect, flipHorizontally: input.orientation.isMirrored, minScore: minScore)
            palms += plan.owned(found, by: tile, full: full, imageWidth: image.width, imageHeight: image.height)
        }
        var hands = known
        var added: [HandEstimate] = []
        for palm in WeightedNonMaxSuppression(iouThreshold: 0.3).apply(to: palms) where added.count < limit {
            let x = palm.xmin + palm.width / 2, y = palm.ymin + palm.height / 2
            if hands.contains(where: { HandDuplicates.bound($0.landmarks).contains(x: x, y: y) }) { continue }
            guard let roi = DetectionROI.hand(palm, imageWidth: image.width, imageHeight: image.height),
                  let hand = try landmarks.estimate(image, roi: roi, flipHorizontally: input.orientation.isMirrored,
                                                    minPresence: minPresence) else { continue }
            let duplicates = HandDuplicates.suppressed((hands + [hand]).map(\.landmarks), imageWidth: image.width,
                                                       imageHeight: image.height)
            if duplicates.contains(hands.count) { continue }
            hands.append(hand)
            added.append(hand)
        }
        return added
    }
}

extension HandLandmarkerGraphOptions {
    /// The every-hand search's cost: how many times the palm detector runs on an upright
    /// `width`×`height` picture to find hands down to `minHandSize` pixels (MediaPipe's pass
    /// included; docs/pipeline.md §12.8); the landmark model then runs once per palm found outside
    /// the hands already found.
    public static func everyHandSearchDetectorRuns(width: Int, height: Int, minHandSize: Int) -> Int {
        guard width > 0, height > 0, minHandSize >= EveryHandSearch.smallestMinHandSize else { return 0 }
        return EveryHandSearch.plan(width: width, height: height, minHandSize: minHandSize).detectorRuns
    }
}

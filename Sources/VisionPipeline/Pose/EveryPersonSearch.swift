import Foundation
import Imaging
import VisionCore

/// Beyond MediaPipe: finds the people that MediaPipe's single detector pass misses (issue 5,
/// "every person"), after MediaPipe's own poses are known.
///
/// MediaPipe's pose detector looks at the whole picture shrunk to 224×224, keeps detections with
/// score ≥ `minPoseDetectionConfidence`, and trusts each detection's alignment ROI. People it
/// misses are small (their detector score stays low), or near others, or cut by the frame edge
/// (the first ROI is poor and the landmark model's presence fails). The search therefore:
///
/// 1. collects candidates: the same full-picture detector run decoded down to score
///    ``candidateScore`` (no extra inference), plus one detector run per window of a grid of
///    square windows half the picture's longer side, with 50 % overlap, including windows centred
///    on the left and right edges (the crop's zero border stands in for what is outside);
/// 2. drops candidates whose hip point lies on a person already found, or near a candidate
///    already tried;
/// 3. runs the landmark model on each remaining candidate's ROI, best score first, and when the
///    pose presence is not above `minPosePresenceConfidence`, retries up to ``refinements`` times
///    on the ROI that the model's own auxiliary points give (as tracking would on the next frame),
///    while the presence keeps rising;
/// 4. keeps a pose that passes, looks like a clearly visible upright person and is nobody found
///    already;
/// 5. finally runs the landmark model directly on the edge windows in whose middle a candidate
///    lies that nobody found accounts for (people cut by the frame, whose detections give no
///    usable ROI), and keeps a pose found there if some candidate detection lies on it.
///
/// Cost: the grid's detector runs (10–12 for the fixture pictures) plus one to five landmark runs
/// per candidate tried (at most ``maxCandidates``) and per free edge window.
struct EveryPersonSearch {
    /// While streaming, the search runs at most once every this many frames on which MediaPipe's
    /// detector ran.
    static let streamingInterval = 10
    /// Candidates from any detector run need at least this score.
    static let candidateScore: Float = 0.3
    /// The most candidates whose ROI goes through the landmark model per search.
    static let maxCandidates = 8
    /// Retries on the model's own next ROI when presence fails.
    static let refinements = 2
    /// Window side as a fraction of the picture's longer side.
    static let windowFraction: Float = 0.5

    let detector: PoseDetectorStage
    let landmarks: PoseLandmarkStage
    let minPresence: Float
    let outputMask: Bool

    /// Up to `limit` poses of people not in `known`, best detector score first.
    /// `fullPicture` are the candidates of MediaPipe's own detector run on this frame, if any.
    func search(_ frame: PoseFrame, fullPicture: PoseDetectorStage.Candidates?, known: [PoseEstimate],
                limit: Int) throws(PipelineError) -> [PoseEstimate] {
        guard limit > 0 else { return [] }
        let width = frame.image.width, height = frame.image.height
        let windows = Self.windows(frame)
        var candidates: [RelativeDetection] = []
        if let fullPicture {
            candidates += fullPicture.merged(minScore: Self.candidateScore, undoRotation: true)
        }
        for window in windows {
            let found = try detector.candidates(frame.image, in: window.rect, flipHorizontally: frame.isMirrored,
                                                minScore: Self.candidateScore)
            candidates += found.merged(minScore: Self.candidateScore, undoRotation: true)
        }
        candidates.sort { $0.score > $1.score }

        var found: [PoseEstimate] = []
        var tried: [(x: Float, y: Float, size: Float)] = []
        var attempts = 0
        for candidate in candidates {
            guard found.count < limit, attempts < Self.maxCandidates else { break }
            guard let hip = candidate.keypoints.first,
                  let roi = DetectionROI.pose(candidate, imageWidth: width, imageHeight: height) else { continue }
            let hipX = hip.x * Float(width), hipY = hip.y * Float(height)
            if (known + found).contains(where: { Self.covers($0, candidate, width: width, height: height) }) { continue }
            if tried.contains(where: { hypot($0.x - hipX, $0.y - hipY) < 0.1 * $0.size }) { continue }
            tried.append((hipX, hipY, roi.width * Float(width)))
            attempts += 1
            if let pose = try person(startingAt: roi, frame: frame, known: known + found) { found.append(pose) }
        }
        // People cut by the left or right edge often get no usable detection (their face is
        // outside); the edge windows themselves go to the landmark model when nobody found so far
        // stands in their middle.
        for window in windows where window.isOnEdge {
            guard found.count < limit else { break }
            if (known + found).contains(where: { Self.standsInMiddle(of: window.rect, $0, width: width, height: height) }) {
                continue
            }
            // Only where the detector saw someone that nobody found accounts for.
            let unexplained = candidates.filter { candidate in
                Self.isInMiddle(of: window.rect, candidate, width: width, height: height)
                    && !(known + found).contains(where: { Self.covers($0, candidate, width: width, height: height) })
            }
            if unexplained.isEmpty { continue }
            guard let pose = try person(startingAt: window.rect, frame: frame, known: known + found) else { continue }
            // Without a detection of its own, a pose needs some detector support: a candidate on it.
            if candidates.contains(where: { Self.covers(pose, $0, width: width, height: height) }) { found.append(pose) }
        }
        return found
    }

    /// The landmark model on `roi`, retried on its own next ROI while the presence rises; the pose
    /// if it passes the presence threshold, looks like a clearly visible person and is nobody in
    /// `known`.
    private func person(startingAt start: NormalizedRect, frame: PoseFrame,
                        known: [PoseEstimate]) throws(PipelineError) -> PoseEstimate? {
        let width = frame.image.width, height = frame.image.height
        var roi = start
        var lastPresence: Float = -1
        for _ in 0...Self.refinements {
            guard let estimate = try landmarks.estimate(frame.image, roi: roi, flipHorizontally: frame.isMirrored,
                                                        minPresence: -.infinity, outputMask: false) else { return nil }
            if estimate.presence > minPresence {
                guard Self.isClearlyVisiblePerson(estimate, frame: frame),
                      !known.contains(where: { Self.isSamePerson($0, estimate, width: width, height: height)
                          || Self.isPart(estimate, of: $0, width: width, height: height) }) else {
                    return nil
                }
                return try finalized(estimate, frame: frame)
            }
            // Give up when a retry does not raise the presence.
            guard estimate.presence > lastPresence, let next = estimate.nextROI else { return nil }
            lastPresence = estimate.presence
            roi = next
        }
        return nil
    }

    /// Whether `pose`'s hip midpoint lies in the middle half of `window`.
    static func standsInMiddle(of window: NormalizedRect, _ pose: PoseEstimate, width: Int, height: Int) -> Bool {
        guard let torso = torso(pose, width: width, height: height) else { return false }
        return isInMiddle(of: window, x: torso.hip.x, y: torso.hip.y, width: width, height: height)
    }

    /// Whether a detection's hip point lies in the middle half of `window`.
    static func isInMiddle(of window: NormalizedRect, _ detection: RelativeDetection, width: Int, height: Int) -> Bool {
        guard let hip = detection.keypoints.first else { return false }
        return isInMiddle(of: window, x: hip.x * Float(width), y: hip.y * Float(height), width: width, height: height)
    }

    /// Whether the pixel `(x, y)` lies in the middle half of `window`.
    static func isInMiddle(of window: NormalizedRect, x: Float, y: Float, width: Int, height: Int) -> Bool {
        let w = Float(width), h = Float(height)
        let dx = x - window.xCenter * w, dy = y - window.yCenter * h
        let c = cos(window.rotation), s = sin(window.rotation)
        let along = dx * c + dy * s, across = -dx * s + dy * c
        return abs(along) <= window.width * w / 4 && abs(across) <= window.height * h / 4
    }

    /// The accepted pose with its mask, when masks are asked for (one more landmark run).
    private func finalized(_ estimate: PoseEstimate, frame: PoseFrame) throws(PipelineError) -> PoseEstimate? {
        guard outputMask else { return estimate }
        return try landmarks.estimate(frame.image, roi: estimate.roi, flipHorizontally: frame.isMirrored,
                                      minPresence: -.infinity, outputMask: true)
    }

    /// The search windows, in normalized image coordinates: squares of side
    /// ``windowFraction`` × the upright picture's longer side on a grid with 50 % overlap inside
    /// the picture, plus a column of windows centred on the left and on the right edge, each
    /// turned like the picture.
    struct Window {
        var rect: NormalizedRect
        /// Centred on the left or right edge of the upright picture.
        var isOnEdge: Bool
    }

    static func windows(_ frame: PoseFrame) -> [Window] {
        let width = Float(frame.image.width), height = Float(frame.image.height)
        let upright = frame.orientation.uprightSize(width: frame.image.width, height: frame.image.height)
        let uprightWidth = Float(upright.width), uprightHeight = Float(upright.height)
        let side = windowFraction * max(uprightWidth, uprightHeight)
        guard side > 0 else { return [] }
        func centres(_ extent: Float, edges: Bool) -> [Float] {
            let inside = extent <= side ? [extent / 2] : {
                let count = Int(((extent - side) / (side / 2)).rounded(.up)) + 1
                return (0..<count).map { side / 2 + (extent - side) * Float($0) / Float(count - 1) }
            }()
            return edges ? [0] + inside + [extent] : inside
        }
        let rotation = frame.detectorRect.rotation
        let c = cos(rotation), s = sin(rotation)
        let mirror: Float = frame.isMirrored ? -1 : 1
        var rects: [Window] = []
        for y in centres(uprightHeight, edges: false) {
            for x in centres(uprightWidth, edges: true) {
                let dx = mirror * (x - uprightWidth / 2), dy = y - uprightHeight / 2
                let centreX = width / 2 + dx * c - dy * s
                let centreY = height / 2 + dx * s + dy * c
                rects.append(Window(rect: NormalizedRect(xCenter: centreX / width, yCenter: centreY / height,
                                                         width: side / width, height: side / height, rotation: rotation),
                                    isOnEdge: x == 0 || x == uprightWidth))
            }
        }
        return rects
    }
}

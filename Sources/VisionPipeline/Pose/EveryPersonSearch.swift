import Foundation
import Imaging
import VisionCore

/// Beyond MediaPipe: finds the people that MediaPipe's single detector pass misses (docs/pipeline.md
/// §9.2), after MediaPipe's own poses are known.
///
/// MediaPipe's pose detector looks at the whole picture shrunk to 224×224, keeps detections with
/// score ≥ `minPoseDetectionConfidence`, and trusts each detection's alignment ROI. People it
/// misses are small (their detector score stays low), or near others, or cut by the frame edge
/// (the first ROI is poor and the landmark model's presence fails). The search therefore:
///
/// 1. collects candidates: the same full-picture detector run decoded down to score
///    ``candidateScore`` (no extra inference), plus one detector run per window of grids of
///    square windows with 50 % overlap: windows half the picture's longer side, including windows
///    centred on the left and right edges (the crop's zero border stands in for what is outside),
///    and, so that people are found by their height in pixels, finer grids of windows
///    ``windowsPerPersonHeight`` × ``minPersonHeight`` pixels and each double of it, up to a
///    quarter of the longer side (a person from half the window's side to all of it: the share
///    of the window the people in bus.jpg have in the coarsest grid);
/// 2. drops candidates whose hip point lies on a person already found, or near a candidate
///    already tried;
/// 3. runs the landmark model on each remaining candidate's ROI, best score first, and when the
///    pose presence is not above `minPosePresenceConfidence`, retries up to ``refinements`` times
///    on the ROI that the model's own auxiliary points give (as tracking would on the next frame),
///    while the presence keeps rising;
/// 4. keeps a pose that passes, looks like a clearly visible upright person and is nobody found
///    already;
/// 5. finally runs the landmark model directly on edge windows in whose middle nobody found
///    stands: people cut by the frame, whose detections give no usable ROI. On the grid's edge
///    windows, where a candidate lies that nobody found explains, a pose is kept if some candidate
///    lies on it. On larger windows moved partly out of the picture (``edgeWindows(_:)``), where
///    no candidate lies at all (the head is outside the picture, and the detector keys on faces),
///    one landmark run, and a pose is kept only with presence ≥ ``unsupportedPresence``, standing
///    in the window's middle and passing the plausibility tests except the segmentation one (the
///    crop is mostly replicated border there, and the mask misses the thin visible part).
///
/// Cost: the grids' detector runs (``detectorRuns(width:height:)``: 10–12 for the fixture
/// pictures, 94 at 1920×1080, 444 at 3840×2160) plus one to five landmark runs per candidate
/// tried (at most ``maxCandidates`` plus two per person still wanted) and per free grid edge
/// window, plus one per free out-of-picture edge window (2–4).
struct EveryPersonSearch {
    /// While streaming, the search runs at most once every this many frames on which MediaPipe's
    /// detector ran.
    static let streamingInterval = 10
    /// Candidates from any detector run need at least this score.
    static let candidateScore: Float = 0.3
    /// The most candidates whose ROI goes through the landmark model per search.
    static let maxCandidates = 8
    /// Retries on the model's own next ROI when presence fails.
    static let refinements = 4
    /// The presence a pose found in an edge window without any detector candidate needs.
    static let unsupportedPresence: Float = 0.9
    /// Window side as a fraction of the picture's longer side.
    static let windowFraction: Float = 0.5
    /// The shortest person the search is for, pixels of the upright picture.
    static let minPersonHeight: Float = 150
    /// The finest windows' side, in multiples of ``minPersonHeight``.
    static let windowsPerPersonHeight: Float = 2

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
            guard found.count < limit, attempts < Self.maxCandidates + 2 * limit else { break }
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
        // outside); windows on the edges go to the landmark model when nobody found so far stands
        // in their middle.
        for edge in Self.edgeWindows(frame) {
            guard found.count < limit else { break }
            let window = edge.rect
            if (known + found).contains(where: { Self.standsInMiddle(of: window, $0, width: width, height: height) }) {
                continue
            }
            // Only where the detector saw someone that nobody found accounts for...
            let unexplained = candidates.filter { candidate in
                Self.isInMiddle(of: window, candidate, width: width, height: height)
                    && !(known + found).contains(where: { Self.covers($0, candidate, width: width, height: height) })
            }
            if edge.needsDetection {
                guard !unexplained.isEmpty,
                      let pose = try person(startingAt: window, frame: frame, known: known + found) else { continue }
                // Without a detection of its own, a pose needs some detector support: a candidate on it.
                if candidates.contains(where: { Self.covers(pose, $0, width: width, height: height) }) { found.append(pose) }
            } else {
                // ...or where it saw nothing at all (a person whose head is outside the picture):
                // one landmark run, and only a confident, clearly visible pose standing in the
                // window's middle counts.
                guard unexplained.isEmpty && !candidates.contains(where: {
                          Self.isInMiddle(of: window, $0, width: width, height: height) }),
                      let pose = try person(startingAt: window, frame: frame, known: known + found,
                                            minPresence: max(minPresence, Self.unsupportedPresence),
                                            requiresSegmentation: false, refinements: 0),
                      Self.standsInMiddle(of: window, pose, width: width, height: height) else { continue }
                found.append(pose)
            }
        }
        return found
    }

    /// The landmark model on `roi`, retried on its own next ROI while the presence rises; the pose
    /// if it passes the presence threshold, looks like a clearly visible person and is nobody in
    /// `known`.
    private func person(startingAt start: NormalizedRect, frame: PoseFrame, known: [PoseEstimate],
                        minPresence: Float? = nil, requiresSegmentation: Bool = true,
                        refinements: Int = Self.refinements) throws(PipelineError) -> PoseEstimate? {
        let minPresence = minPresence ?? self.minPresence
        let width = frame.image.width, height = frame.image.height
        var roi = start
        var lastPresence: Float = -1
        for _ in 0...max(0, refinements) {
            guard let estimate = try landmarks.estimate(frame.image, roi: roi, flipHorizontally: frame.isMirrored,
                                                        minPresence: -.infinity, outputMask: false) else { return nil }
            if estimate.presence > minPresence {
                guard Self.isClearlyVisiblePerson(estimate, frame: frame, requiresSegmentation: requiresSegmentation),
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
        let upright = frame.orientation.uprightSize(width: frame.image.width, height: frame.image.height)
        let uprightWidth = Float(upright.width), uprightHeight = Float(upright.height)
        let side = windowFraction * max(uprightWidth, uprightHeight)
        guard side > 0 else { return [] }
        var rects: [Window] = []
        for y in centres(uprightHeight, side: side) {
            for x in [0] + centres(uprightWidth, side: side) + [uprightWidth] {
                rects.append(Window(rect: rect(frame, uprightX: x, uprightY: y, side: side),
                                    isOnEdge: x == 0 || x == uprightWidth))
            }
        }
        for fine in fineSides(longerSide: max(uprightWidth, uprightHeight)) {
            for y in centres(uprightHeight, side: fine) {
                for x in centres(uprightWidth, side: fine) {
                    rects.append(Window(rect: rect(frame, uprightX: x, uprightY: y, side: fine), isOnEdge: false))
                }
            }
        }
        return rects
    }

    /// The sides of the finer grids: ``windowsPerPersonHeight`` × ``minPersonHeight`` and each
    /// double of it up to half of ``windowFraction`` of the longer side (a grid closer to the
    /// coarsest adds little; pictures under 1200 px get none, and keep their earlier results).
    static func fineSides(longerSide: Float) -> [Float] {
        var sides: [Float] = []
        var side = windowsPerPersonHeight * minPersonHeight
        while side <= windowFraction * longerSide / 2 {
            sides.append(side)
            side *= 2
        }
        return sides
    }

    /// How many detector runs the windows take on an upright `width`×`height` picture.
    static func detectorRuns(width: Int, height: Int) -> Int {
        let w = Float(width), h = Float(height)
        let side = windowFraction * max(w, h)
        var runs = centres(h, side: side).count * (centres(w, side: side).count + 2)
        for fine in fineSides(longerSide: max(w, h)) { runs += centres(h, side: fine).count * centres(w, side: fine).count }
        return runs
    }

    /// The side of the edge pass's windows for people without any detection, as a fraction of the
    /// upright picture's longer side.
    static let undetectedEdgeFraction: Float = 0.7
    /// How far those windows are moved out of the picture, as a fraction of their side: the
    /// landmark model then sees a person cut by the edge nearer the middle of its crop.
    static let undetectedEdgeShift: Float = 0.1

    /// An edge-pass window; `needsDetection` ones are tried only where a candidate detection lies
    /// that nobody found explains, the others only where no candidate lies at all.
    struct EdgeWindow {
        var rect: NormalizedRect
        var needsDetection: Bool
    }

    /// The edge pass's windows: the grid's windows centred on the left and right edges (needing a
    /// detection), then, per edge, a column of windows of ``undetectedEdgeFraction`` of the longer
    /// side moved ``undetectedEdgeShift`` of their side out of the picture.
    static func edgeWindows(_ frame: PoseFrame) -> [EdgeWindow] {
        var result = windows(frame).filter(\.isOnEdge).map { EdgeWindow(rect: $0.rect, needsDetection: true) }
        let upright = frame.orientation.uprightSize(width: frame.image.width, height: frame.image.height)
        let uprightWidth = Float(upright.width), uprightHeight = Float(upright.height)
        let side = undetectedEdgeFraction * max(uprightWidth, uprightHeight)
        guard side > 0 else { return result }
        for x in [-undetectedEdgeShift * side, uprightWidth + undetectedEdgeShift * side] {
            for y in centres(uprightHeight, side: side) {
                result.append(EdgeWindow(rect: rect(frame, uprightX: x, uprightY: y, side: side), needsDetection: false))
            }
        }
        return result
    }

    /// Centres of windows of `side` covering `extent` with at least 50 % overlap, first and last
    /// flush with the ends (one centred window when `extent ≤ side`).
    private static func centres(_ extent: Float, side: Float) -> [Float] {
        guard extent > side else { return [extent / 2] }
        let count = Int(((extent - side) / (side / 2)).rounded(.up)) + 1
        return (0..<count).map { side / 2 + (extent - side) * Float($0) / Float(count - 1) }
    }

    /// A square window of `side` pixels centred at `(uprightX, uprightY)` of the upright picture,
    /// in the input's normalized coordinates, turned (and mirrored) like the picture.
    private static func rect(_ frame: PoseFrame, uprightX x: Float, uprightY y: Float, side: Float) -> NormalizedRect {
        let width = Float(frame.image.width), height = Float(frame.image.height)
        let upright = frame.orientation.uprightSize(width: frame.image.width, height: frame.image.height)
        let rotation = frame.detectorRect.rotation
        let c = cos(rotation), s = sin(rotation)
        let mirror: Float = frame.isMirrored ? -1 : 1
        let dx = mirror * (x - Float(upright.width) / 2), dy = y - Float(upright.height) / 2
        let centreX = width / 2 + dx * c - dy * s
        let centreY = height / 2 + dx * s + dy * c
        return NormalizedRect(xCenter: centreX / width, yCenter: centreY / height,
                              width: side / width, height: side / height, rotation: rotation)
    }
}

extension PoseLandmarkerGraphOptions {
    /// The every-person search's cost: how many times the pose detector runs on its windows of an
    /// upright `width`×`height` picture (docs/pipeline.md §9.2), besides MediaPipe's own pass.
    public static func everyPersonSearchDetectorRuns(width: Int, height: Int) -> Int {
        guard width > 0, height > 0 else { return 0 }
        return EveryPersonSearch.detectorRuns(width: width, height: height)
    }
}

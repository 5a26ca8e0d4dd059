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
///    on the ROI that the model's own auxiliary points give (as tracking would on the next frame);
/// 4. keeps a pose that passes and is not a person already found (hips and shoulders within 0.3
///    of a torso length).
///
/// Cost: the grid's detector runs (10–12 for the fixture pictures) plus one to three landmark runs
/// per candidate tried (at most ``maxCandidates``).
struct EveryPersonSearch {
    /// While streaming, the search runs at most once every this many frames on which MediaPipe's
    /// detector ran.
    static let streamingInterval = 10
    /// Candidates from any detector run need at least this score.
    static let candidateScore: Float = 0.15
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
        var candidates: [RelativeDetection] = []
        if let fullPicture {
            candidates += fullPicture.merged(minScore: Self.candidateScore, undoRotation: true)
        }
        for window in Self.windows(frame) {
            let found = try detector.candidates(frame.image, in: window, flipHorizontally: frame.isMirrored,
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
                  var roi = DetectionROI.pose(candidate, imageWidth: width, imageHeight: height) else { continue }
            let hipX = hip.x * Float(width), hipY = hip.y * Float(height)
            let everyone = known + found
            if everyone.contains(where: { Self.covers($0, candidate, width: width, height: height) }) { continue }
            if tried.contains(where: { hypot($0.x - hipX, $0.y - hipY) < 0.25 * $0.size }) { continue }
            tried.append((hipX, hipY, roi.width * Float(width)))
            attempts += 1
            for _ in 0...Self.refinements {
                guard let estimate = try landmarks.estimate(frame.image, roi: roi, flipHorizontally: frame.isMirrored,
                                                            minPresence: -.infinity, outputMask: false) else { break }
                if estimate.presence > minPresence {
                    if Self.isClearlyVisiblePerson(estimate, frame: frame),
                       !everyone.contains(where: { Self.isSamePerson($0, estimate, width: width, height: height) }),
                       let pose = try finalized(estimate, frame: frame) {
                        found.append(pose)
                    }
                    break
                }
                guard let next = estimate.nextROI else { break }
                roi = next
            }
        }
        return found
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
    static func windows(_ frame: PoseFrame) -> [NormalizedRect] {
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
        var rects: [NormalizedRect] = []
        for y in centres(uprightHeight, edges: false) {
            for x in centres(uprightWidth, edges: true) {
                let dx = mirror * (x - uprightWidth / 2), dy = y - uprightHeight / 2
                let centreX = width / 2 + dx * c - dy * s
                let centreY = height / 2 + dx * s + dy * c
                rects.append(NormalizedRect(xCenter: centreX / width, yCenter: centreY / height,
                                            width: side / width, height: side / height, rotation: rotation))
            }
        }
        return rects
    }

    /// Hip and shoulder midpoints and the torso length, in pixels.
    private static func torso(_ pose: PoseEstimate, width: Int, height: Int)
        -> (hip: (x: Float, y: Float), shoulder: (x: Float, y: Float), length: Float)? {
        guard pose.landmarks.count == 33 else { return nil }
        let w = Float(width), h = Float(height)
        let l = pose.landmarks
        let hip = ((l[23].x + l[24].x) / 2 * w, (l[23].y + l[24].y) / 2 * h)
        let shoulder = ((l[11].x + l[12].x) / 2 * w, (l[11].y + l[12].y) / 2 * h)
        return (hip, shoulder, hypot(hip.0 - shoulder.0, hip.1 - shoulder.1))
    }

    /// Whether a detection is on a person already found: its hip point within half a torso
    /// length of the pose's hips, or the pose's nose inside the detection's (face) box.
    static func covers(_ pose: PoseEstimate, _ detection: RelativeDetection, width: Int, height: Int) -> Bool {
        guard let torso = torso(pose, width: width, height: height), let hip = detection.keypoints.first else { return false }
        let w = Float(width), h = Float(height)
        if hypot(torso.hip.x - hip.x * w, torso.hip.y - hip.y * h) < 0.5 * torso.length { return true }
        let nose = pose.landmarks[0]
        return nose.x >= detection.xmin && nose.x <= detection.xmin + detection.width
            && nose.y >= detection.ymin && nose.y <= detection.ymin + detection.height
    }

    /// Whether two poses are the same person: noses within half the longer torso, or one's
    /// shoulder midpoint inside the other's torso, or hip and shoulder midpoints within 0.3 of the
    /// longer torso on average.
    static func isSamePerson(_ a: PoseEstimate, _ b: PoseEstimate, width: Int, height: Int) -> Bool {
        guard let ta = torso(a, width: width, height: height), let tb = torso(b, width: width, height: height) else {
            return false
        }
        let longer = max(ta.length, tb.length)
        let w = Float(width), h = Float(height)
        let na = a.landmarks[0], nb = b.landmarks[0]
        if hypot((na.x - nb.x) * w, (na.y - nb.y) * h) < 0.5 * longer { return true }
        if insideTorso(of: a, x: tb.shoulder.x, y: tb.shoulder.y, width: width, height: height)
            || insideTorso(of: b, x: ta.shoulder.x, y: ta.shoulder.y, width: width, height: height) { return true }
        let distance = (hypot(ta.hip.x - tb.hip.x, ta.hip.y - tb.hip.y)
            + hypot(ta.shoulder.x - tb.shoulder.x, ta.shoulder.y - tb.shoulder.y)) / 2
        return distance < 0.3 * longer
    }

    /// Whether the pixel `(x, y)` lies inside `pose`'s torso, the quadrilateral of its shoulders
    /// (11, 12) and hips (24, 23).
    static func insideTorso(of pose: PoseEstimate, x: Float, y: Float, width: Int, height: Int) -> Bool {
        let w = Float(width), h = Float(height)
        let corners = [11, 12, 24, 23].map { (x: pose.landmarks[$0].x * w, y: pose.landmarks[$0].y * h) }
        var sign: Float = 0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross > 0 ? 1 : -1 } else if (cross > 0 ? 1 : -1) != sign { return false }
        }
        return sign != 0
    }

    /// An extra pose must be a clearly visible, roughly upright person: shoulders and hips
    /// visible (mean visibility > 0.5) and the hips→shoulders direction within 50° of the
    /// picture's up (people the detector misses are rarely lying down; this rejects the
    /// landmark model's hallucinations on background).
    static func isClearlyVisiblePerson(_ pose: PoseEstimate, frame: PoseFrame) -> Bool {
        guard let torso = torso(pose, width: frame.image.width, height: frame.image.height), torso.length > 0 else {
            return false
        }
        let torsoVisibility = [11, 12, 23, 24].map { pose.landmarks[$0].visibility ?? 0 }.reduce(0, +) / 4
        guard torsoVisibility > 0.5 else { return false }
        let r = frame.detectorRect.rotation
        let up = (x: sin(r), y: -cos(r))
        let along = ((torso.shoulder.x - torso.hip.x) * up.x + (torso.shoulder.y - torso.hip.y) * up.y) / torso.length
        return along >= cos(Float.pi * 50 / 180)
    }

    /// Whether `candidate` duplicates one of `poses` (see ``isSamePerson(_:_:width:height:)``).
    static func duplicates(_ candidate: PoseEstimate, of poses: [PoseEstimate], width: Int, height: Int) -> Bool {
        poses.contains { isSamePerson($0, candidate, width: width, height: height) }
    }
}

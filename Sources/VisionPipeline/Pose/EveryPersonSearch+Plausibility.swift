import Foundation
import VisionCore

/// The every-person search's geometry: is a detection on someone already found, is a pose the
/// same person as another, a part of one, or a plausible person at all. Pixels throughout.
extension EveryPersonSearch {
    /// Hip and shoulder midpoints and the torso length, in pixels.
    static func torso(_ pose: PoseEstimate, width: Int, height: Int)
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

    /// Whether `small` is the landmark model reading a part of `person` (an arm, say) as a small
    /// figure: its torso centre lies inside `person`'s ROI and its torso is less than 0.4 as long.
    /// (A much smaller real person standing in front of the ROI of a big one is lost too.)
    static func isPart(_ small: PoseEstimate, of person: PoseEstimate, width: Int, height: Int) -> Bool {
        guard let a = torso(small, width: width, height: height), let b = torso(person, width: width, height: height),
              a.length < 0.4 * b.length else { return false }
        let w = Float(width), h = Float(height)
        let roi = person.roi
        let dx = (a.hip.x + a.shoulder.x) / 2 - roi.xCenter * w, dy = (a.hip.y + a.shoulder.y) / 2 - roi.yCenter * h
        let c = cos(roi.rotation), s = sin(roi.rotation)
        return abs(dx * c + dy * s) <= roi.width * w / 2 && abs(-dx * s + dy * c) <= roi.height * h / 2
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

    /// An extra pose must be a clearly visible, roughly upright person: a torso at least 0.15 of
    /// its ROI's side whose centre the model segments as person (> 0.5), shoulders and hips visible (mean visibility > 0.5) and the hips→shoulders direction within 50° of the
    /// picture's up (people the detector misses are rarely lying down; this rejects the
    /// landmark model's hallucinations on background).
    /// `requiresSegmentation` false skips the segmentation test: for a person cut by the frame's
    /// edge the crop is mostly replicated border and the mask misses the thin visible part.
    static func isClearlyVisiblePerson(_ pose: PoseEstimate, frame: PoseFrame, requiresSegmentation: Bool = true) -> Bool {
        guard let torso = torso(pose, width: frame.image.width, height: frame.image.height), torso.length > 0 else {
            return false
        }
        // The landmark model's hallucinations are small figures inside a large ROI: a person's
        // torso is about a quarter to a third of the ROI side.
        let roiSide = pose.roi.width * Float(frame.image.width)
        guard torso.length >= 0.15 * roiSide, !requiresSegmentation || pose.torsoSegmentation > 0.5 else { return false }
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

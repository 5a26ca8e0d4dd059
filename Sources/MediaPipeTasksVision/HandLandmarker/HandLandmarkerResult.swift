import Foundation

/// What ``HandLandmarker`` found in one image or frame. Immutable. The three arrays are parallel:
/// one entry per hand.
public final class HandLandmarkerResult: TaskResult, @unchecked Sendable {
    /// One array per hand of 21 landmarks (0 wrist; 1–4 thumb, 5–8 index, 9–12 middle, 13–16 ring,
    /// 17–20 pinky, each from its base to its tip), x and y normalized to the input as stored
    /// (origin top-left, y down), z the depth relative to the wrist in the scale of x (smaller is
    /// nearer the camera). Visibility and presence are nil.
    public let landmarks: [[NormalizedLandmark]]
    /// The same 21 landmarks per hand in metres, origin near the hand's centre.
    public let worldLandmarks: [[Landmark]]
    /// One category per hand: "Right" (index 0) or "Left" (index 1) with its probability, as the
    /// hand appears in the picture (see ``HandLandmarker`` on mirrored pictures).
    public let handedness: [[ResultCategory]]

    public init(landmarks: [[NormalizedLandmark]], worldLandmarks: [[Landmark]], handedness: [[ResultCategory]],
                timestampInMilliseconds: Int) {
        self.landmarks = landmarks
        self.worldLandmarks = worldLandmarks
        self.handedness = handedness
        super.init(timestampInMilliseconds: timestampInMilliseconds)
    }
}

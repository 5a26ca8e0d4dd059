import Foundation

/// What ``PoseLandmarker`` found in one image or frame. Immutable.
public final class PoseLandmarkerResult: TaskResult, @unchecked Sendable {
    /// One array per pose of 33 landmarks (BlazePose order: 0 nose, 11/12 shoulders, 23/24 hips,
    /// …), normalized to the input as stored, each with visibility and presence.
    public let landmarks: [[NormalizedLandmark]]
    /// The same 33 landmarks per pose in metres, origin at the midpoint of the hips.
    public let worldLandmarks: [[Landmark]]
    /// When ``PoseLandmarkerOptions/shouldOutputSegmentationMasks`` is set, one ``MaskDataType/float32``
    /// mask per pose at the input image's size, values 0–1; otherwise empty.
    public let segmentationMasks: [Mask]

    /// `segmentationMasks` nil means none (as on iOS, where it bridges to an empty array).
    public init(landmarks: [[NormalizedLandmark]], worldLandmarks: [[Landmark]], segmentationMasks: [Mask]?,
                timestampInMilliseconds: Int) {
        self.landmarks = landmarks
        self.worldLandmarks = worldLandmarks
        self.segmentationMasks = segmentationMasks ?? []
        super.init(timestampInMilliseconds: timestampInMilliseconds)
    }
}

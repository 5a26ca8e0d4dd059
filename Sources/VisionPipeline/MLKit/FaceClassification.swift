import Foundation
import VisionCore

/// ML Kit's smiling and eye-open probabilities, made from MediaPipe's blendshape scores.
///
/// - smiling = σ(12 · (mean(mouthSmileLeft, mouthSmileRight) − 0.25))
/// - left eye open = σ(−12 · (eyeBlinkLeft − 0.35)), and the same for the right eye
///
/// where σ is the logistic function. The blendshape model gives mouthSmile ≈ 0–0.1 for a neutral
/// mouth and ≳ 0.5 for a clear smile, eyeBlink ≈ 0–0.2 for open eyes and ≳ 0.5 for closed ones,
/// so a clear smile or open eyes map to ≥ 0.7 and neutral or closed ones to ≤ 0.3. eyeBlinkLeft is
/// the subject's left eye (ARKit naming), as is ML Kit's leftEyeOpenProbability.
public struct FaceClassification: Sendable, Hashable {
    /// Probabilities in [0, 1].
    public var smiling: Float
    public var leftEyeOpen: Float
    public var rightEyeOpen: Float

    static let smileCentre: Float = 0.25
    static let blinkCentre: Float = 0.35
    static let steepness: Float = 12

    /// nil unless `blendshapes` has the 52 scores in `VisionCore.blendshapeNames` order.
    public init?(blendshapes: [Float]) {
        guard blendshapes.count == blendshapeNames.count,
              let smileLeft = Self.index("mouthSmileLeft"), let smileRight = Self.index("mouthSmileRight"),
              let blinkLeft = Self.index("eyeBlinkLeft"), let blinkRight = Self.index("eyeBlinkRight") else { return nil }
        let smile = (blendshapes[smileLeft] + blendshapes[smileRight]) / 2
        smiling = Self.logistic(Self.steepness * (smile - Self.smileCentre))
        leftEyeOpen = Self.logistic(-Self.steepness * (blendshapes[blinkLeft] - Self.blinkCentre))
        rightEyeOpen = Self.logistic(-Self.steepness * (blendshapes[blinkRight] - Self.blinkCentre))
    }

    static func index(_ name: String) -> Int? { blendshapeNames.firstIndex(of: name) }

    /// σ(t) = 1 / (1 + e^−t); NaN scores give 0.5.
    static func logistic(_ t: Float) -> Float {
        guard t.isFinite else { return t.isNaN ? 0.5 : (t > 0 ? 1 : 0) }
        return 1 / (1 + exp(-t))
    }
}

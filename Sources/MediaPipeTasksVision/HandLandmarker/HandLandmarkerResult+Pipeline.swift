import Foundation
import VisionPipeline

extension HandLandmarkerResult {
    /// Converts the graph's hands (copies into MediaPipe's containers).
    convenience init(hands: [PipelineHand], timestampInMilliseconds: Int) {
        self.init(
            landmarks: hands.map { $0.landmarks.map(NormalizedLandmark.init(pipeline:)) },
            worldLandmarks: hands.map { $0.worldLandmarks.map(Landmark.init(pipeline:)) },
            handedness: hands.map { hand in
                let label = hand.handedness.label
                return [ResultCategory(index: hand.handedness.index, score: hand.handedness.score, categoryName: label,
                                       displayName: label)]
            },
            timestampInMilliseconds: timestampInMilliseconds)
    }
}

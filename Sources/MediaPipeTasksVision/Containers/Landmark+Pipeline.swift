import Foundation
import VisionPipeline

extension NormalizedLandmark {
    convenience init(pipeline landmark: PipelineLandmark) {
        self.init(x: landmark.x, y: landmark.y, z: landmark.z,
                  visibility: landmark.visibility.map { NSNumber(value: $0) },
                  presence: landmark.presence.map { NSNumber(value: $0) })
    }
}

extension Landmark {
    convenience init(pipeline landmark: PipelineLandmark) {
        self.init(x: landmark.x, y: landmark.y, z: landmark.z,
                  visibility: landmark.visibility.map { NSNumber(value: $0) },
                  presence: landmark.presence.map { NSNumber(value: $0) })
    }
}

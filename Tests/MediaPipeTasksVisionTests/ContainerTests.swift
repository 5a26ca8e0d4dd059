import Foundation
import MediaPipeTasksVision
import Testing

/// The small result containers: initializers, optional fields, value equality.
@Suite struct ContainerTests {
    @Test func landmarksCompareByValueConsistentlyWithHash() {
        let a = NormalizedLandmark(x: 0.5, y: 0.25, z: -0.1, visibility: NSNumber(value: Float(0.9)), presence: nil)
        let b = NormalizedLandmark(x: 0.5, y: 0.25, z: -0.1, visibility: NSNumber(value: Float(0.9)), presence: nil)
        let c = NormalizedLandmark(x: 0.5, y: 0.25, z: -0.1, visibility: nil, presence: nil)
        #expect(a == b && a.hash == b.hash)
        #expect(a != c, "visibility is part of the value")
        #expect(a.visibility?.floatValue == 0.9 && a.presence == nil)
        let world = Landmark(x: 0.1, y: 0.2, z: 0.3, visibility: nil, presence: NSNumber(value: Float(1)))
        #expect(world == Landmark(x: 0.1, y: 0.2, z: 0.3, visibility: nil, presence: NSNumber(value: Float(1))))
        #expect(!world.isEqual(a), "a world landmark is not a normalized one")
    }

    @Test func categoriesAndClassifications() {
        let category = ResultCategory(index: 25, score: 0.75, categoryName: "jawOpen", displayName: nil)
        #expect(category == ResultCategory(index: 25, score: 0.75, categoryName: "jawOpen", displayName: nil))
        #expect(category != ResultCategory(index: 25, score: 0.5, categoryName: "jawOpen", displayName: nil))
        let unnamed = Classifications(headIndex: 2, categories: [category])
        #expect(unnamed.headName == nil && unnamed.headIndex == 2 && unnamed.categories == [category])
        let named = Classifications(headIndex: 0, headName: "", categories: [])
        #expect(named.headName == "")
        let result = ClassificationResult(classifications: [unnamed], timestampInMilliseconds: 7)
        #expect(result.classifications.count == 1 && result.timestampInMilliseconds == 7)
    }

    @Test func detectionsAndKeypoints() {
        let keypoint = NormalizedKeypoint(location: CGPoint(x: 0.25, y: 0.5), label: nil, score: 0)
        let detection = Detection(categories: [ResultCategory(index: 0, score: 0.9, categoryName: nil, displayName: nil)],
                                  boundingBox: CGRect(x: 10, y: 20, width: 30, height: 40), keypoints: [keypoint])
        #expect(detection.boundingBox.maxX == 40 && detection.boundingBox.maxY == 60)
        #expect(detection.keypoints?.first?.location == CGPoint(x: 0.25, y: 0.5))
        #expect(Detection(categories: [], boundingBox: .zero, keypoints: nil).keypoints == nil)
        let result = FaceDetectorResult(detections: [detection], timestampInMilliseconds: 33)
        #expect(result.detections.count == 1 && result.timestampInMilliseconds == 33)
        #expect(result.copy() as? FaceDetectorResult === result, "results are immutable: copy() is the object")
    }

    @Test func poseResultWithoutMasksHasAnEmptyArray() {
        let result = PoseLandmarkerResult(landmarks: [], worldLandmarks: [], segmentationMasks: nil, timestampInMilliseconds: 0)
        #expect(result.segmentationMasks.isEmpty)
    }
}

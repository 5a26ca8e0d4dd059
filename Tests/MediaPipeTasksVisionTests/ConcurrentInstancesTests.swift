import Foundation
import MediaPipeTasksVision
import Testing

/// Separate task instances used at the same time from different threads share nothing that
/// changes their results (models, graphs, thread pools are per instance or read-only): each thread
/// gets exactly what one instance alone gives. Also run under ThreadSanitizer by scripts/tsan.
@Suite struct ConcurrentInstancesTests {
    /// The first face's landmarks as (x, y, z) floats.
    private func landmarks(_ result: FaceLandmarkerResult) -> [Float] {
        (result.faceLandmarks.first ?? []).flatMap { [$0.x, $0.y, $0.z] }
    }

    @Test func faceLandmarkersOnSeparateThreadsMatchASingleOne() throws {
        let image = try TaskModels.astronaut()
        let reference = landmarks(try FaceLandmarker(modelPath: TaskModels.faceLandmarker).detect(image: image))
        try #require(reference.count == 478 * 3, "one face of 478 landmarks")

        let threads = 3, callsPerThread = 2
        let landmarkers = try (0..<threads).map { _ in try FaceLandmarker(modelPath: TaskModels.faceLandmarker) }
        let outcomes = Locked<[[Float]]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            for _ in 0..<callsPerThread {
                let result = try? landmarkers[index].detect(image: image)
                outcomes.withValue { $0.append(result.map(landmarks) ?? []) }
            }
        }
        let results = outcomes.current
        #expect(results.count == threads * callsPerThread)
        #expect(results.allSatisfy { $0 == reference }, "every concurrent call gives the single instance's landmarks")
    }

    @Test func faceDetectorsOnSeparateThreadsMatchASingleOne() throws {
        let image = try TaskModels.astronaut()
        let reference = try FaceDetector(modelPath: TaskModels.shortRangeDetector).detect(image: image).detections
        try #require(reference.count == 1)

        let threads = 4
        let detectors = try (0..<threads).map { _ in try FaceDetector(modelPath: TaskModels.shortRangeDetector) }
        let outcomes = Locked<[[Detection]]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            let detections = (try? detectors[index].detect(image: image).detections) ?? []
            outcomes.withValue { $0.append(detections) }
        }
        let results = outcomes.current
        #expect(results.count == threads)
        for detections in results {
            #expect(detections.count == 1)
            #expect(detections.first?.boundingBox == reference.first?.boundingBox)
            #expect(detections.first?.categories.first?.score == reference.first?.categories.first?.score)
        }
    }
}

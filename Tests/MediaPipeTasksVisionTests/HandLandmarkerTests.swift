import Foundation
import Imaging
import MediaPipeTasksVision
import Testing
import TestSupport

/// HandLandmarker through the public API: the three running modes, the errors and rules the other
/// tasks follow, the connection sets, and handedness on mirrored pictures.
@Suite struct HandLandmarkerTests {
    static func t1() throws -> MPImage { try MPImage(contentsOfFile: Assets.image("t1.jpg").path) }

    static func landmarker(numHands: Int = 6, mode: RunningMode = .image,
                           delegate: (any HandLandmarkerLiveStreamDelegate)? = nil) throws -> HandLandmarker {
        let options = HandLandmarkerOptions()
        options.baseOptions.modelAssetPath = TaskModels.handLandmarker
        options.numHands = numHands
        options.runningMode = mode
        options.handLandmarkerLiveStreamDelegate = delegate
        return try HandLandmarker(options: options)
    }

    @Test func imageModeFindsBothHandsWithMediaPipesLabels() throws {
        let result = try Self.landmarker().detect(image: try Self.t1())
        #expect(result.landmarks.count == 2 && result.worldLandmarks.count == 2 && result.handedness.count == 2)
        #expect(result.landmarks.allSatisfy { $0.count == 21 } && result.worldLandmarks.allSatisfy { $0.count == 21 })
        #expect(result.landmarks.flatMap { $0 }.allSatisfy { $0.visibility == nil && $0.presence == nil })
        let labels = result.handedness.map { $0.map { ($0.index, $0.categoryName, $0.displayName) } }
        #expect(labels.count == 2 && labels[0].count == 1 && labels[1].count == 1)
        #expect(labels[0][0] == (0, "Right", "Right") && labels[1][0] == (1, "Left", "Left"))
        #expect(result.handedness.allSatisfy { $0[0].score > 0.9 && $0[0].score <= 1 })
        // World landmarks are metres: a hand spans a few centimetres.
        let span = result.worldLandmarks[0].map(\.y).max()! - result.worldLandmarks[0].map(\.y).min()!
        #expect(span > 0.03 && span < 0.3, "hand height \(span) m")
        let single = try HandLandmarker(modelPath: TaskModels.handLandmarker).detect(image: try Self.t1())
        #expect(single.landmarks.count == 1, "numHands defaults to 1")
    }

    /// A mirrored orientation shows the subject's own hands: the labels swap compared with the
    /// stored (mirrored) pixels read as upright, and the landmarks stay in the stored frame.
    @Test func mirroredOrientationNamesTheSubjectsHands() throws {
        let landmarker = try Self.landmarker()
        let picture = try Self.t1()
        let stored = try landmarker.detect(image: picture)
        let mirrored = try landmarker.detect(image: MPImage(uiImage: try #require(picture.image), orientation: .upMirrored))
        try #require(stored.landmarks.count == 2 && mirrored.landmarks.count == 2)
        for (hand, labels) in zip(stored.landmarks, stored.handedness) {
            let match = try #require(mirrored.landmarks.indices.min { a, b in
                abs(mirrored.landmarks[a][0].x - hand[0].x) < abs(mirrored.landmarks[b][0].x - hand[0].x)
            })
            let wristError = max(abs(mirrored.landmarks[match][0].x - hand[0].x), abs(mirrored.landmarks[match][0].y - hand[0].y))
            #expect(wristError < 0.02, "same wrist within 2 % (\(wristError))")
            #expect(mirrored.handedness[match][0].categoryName != labels[0].categoryName, "the label swaps")
        }
    }

    @Test func videoModeTracksAndResets() throws {
        let landmarker = try Self.landmarker(numHands: 2, mode: .video)
        let image = try Self.t1()
        var counts: [Int] = []
        for timestamp in [0, 33, 66, 99] {
            let result = try landmarker.detect(videoFrame: image, timestampInMilliseconds: timestamp)
            #expect(result.timestampInMilliseconds == timestamp)
            counts.append(result.landmarks.count)
        }
        // The same frame again and again: the first frame's two palms are one hand (the duplicate
        // filter keeps one); the detector then runs on every frame, as fewer than numHands hands
        // are tracked, and finds palms that overlap the tracked hand only. (The goldens' moving
        // frames find the second hand from frame 1 on.)
        #expect(counts == [1, 1, 1, 1])
        #expect(ThrownTaskError.from { _ = try landmarker.detect(videoFrame: image, timestampInMilliseconds: 99) }?.code == 3,
                "timestamps must increase")
        landmarker.reset()
        #expect(try landmarker.detect(videoFrame: image, timestampInMilliseconds: 0).landmarks.count == 1)
    }

    @Test func liveStreamDeliversOnTheTaskQueue() throws {
        let delegate = RecordingHandLandmarkerDelegate()
        let landmarker = try Self.landmarker(numHands: 2, mode: .liveStream, delegate: delegate)
        try landmarker.detectAsync(image: try Self.t1(), timestampInMilliseconds: 0)
        landmarker.callbackQueue.sync {}
        let calls = delegate.calls.withValue { $0 }
        try #require(calls.count == 1)
        #expect(calls[0].hasResult && calls[0].itemCount == 1 && calls[0].timestamp == 0 && calls[0].errorMessage == nil)
        #expect(calls[0].queueLabel?.hasPrefix("com.mediapipe.tasks.vision.handLandmarker_") == true)
    }

    @Test func errorsFollowTheOtherTasks() throws {
        #expect(ThrownTaskError.from { _ = try HandLandmarker(modelPath: "/nonexistent/hand.task") }?.code == 5)
        let wrongBundle = ThrownTaskError.from { _ = try HandLandmarker(modelPath: TaskModels.poseLandmarker) }
        #expect(wrongBundle?.code == 5 && wrongBundle?.message.hasPrefix("NOT_FOUND: No model file with name: hand_detector.tflite.") == true)
        let options = HandLandmarkerOptions()
        options.baseOptions.modelAssetPath = TaskModels.handLandmarker
        options.numHands = 0
        #expect(ThrownTaskError.from { _ = try HandLandmarker(options: options) }?.code == 3)
        options.numHands = 1
        options.minHandPresenceConfidence = 2
        #expect(ThrownTaskError.from { _ = try HandLandmarker(options: options) }?.code == 3)
        options.minHandPresenceConfidence = 0.5
        options.runningMode = .liveStream
        #expect(ThrownTaskError.from { _ = try HandLandmarker(options: options) }?.code == 3, "live stream needs a delegate")
        let image = try Self.t1()
        #expect(ThrownTaskError.from { _ = try Self.landmarker(mode: .video).detect(image: image) }?.code == 3)
        #expect(ThrownTaskError.from { _ = try Self.landmarker().detect(videoFrame: image, timestampInMilliseconds: 0) }?.code == 3)
    }

    @Test func connectionSets() {
        func pairs(_ connections: [Connection]) -> [[UInt]] { connections.map { [$0.start, $0.end] } }
        #expect(pairs(HandLandmarker.handPalmConnections) == [[0, 1], [0, 5], [9, 13], [13, 17], [5, 9], [0, 17]])
        #expect(pairs(HandLandmarker.handThumbConnections) == [[1, 2], [2, 3], [3, 4]])
        #expect(pairs(HandLandmarker.handIndexFingerConnections) == [[5, 6], [6, 7], [7, 8]])
        #expect(pairs(HandLandmarker.handMiddleFingerConnections) == [[9, 10], [10, 11], [11, 12]])
        #expect(pairs(HandLandmarker.handRingFingerConnections) == [[13, 14], [14, 15], [15, 16]])
        #expect(pairs(HandLandmarker.handPinkyConnections) == [[17, 18], [18, 19], [19, 20]])
        #expect(HandLandmarker.handConnections.count == 21)
        #expect(pairs(HandLandmarker.handConnections) == pairs(HandLandmarker.handPalmConnections + HandLandmarker.handThumbConnections
            + HandLandmarker.handIndexFingerConnections + HandLandmarker.handMiddleFingerConnections
            + HandLandmarker.handRingFingerConnections + HandLandmarker.handPinkyConnections))
    }
}

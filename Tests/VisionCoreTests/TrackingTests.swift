import Testing
import VisionCore

@Suite struct RectAssociationTests {
    let a = NormalizedRect(xCenter: 0.2, yCenter: 0.2, width: 0.2, height: 0.2)
    let b = NormalizedRect(xCenter: 0.7, yCenter: 0.7, width: 0.2, height: 0.2)
    /// Overlaps `a` with IoU 0.81/1.19 ≈ 0.68.
    let c = NormalizedRect(xCenter: 0.22, yCenter: 0.22, width: 0.2, height: 0.2, rotation: 0.1)
    let d = NormalizedRect(xCenter: 0.5, yCenter: 0.2, width: 0.1, height: 0.1)

    @Test func detectionsReplaceOverlappedTrackedRectsAndGoLast() {
        let association = RectAssociation(minSimilarityThreshold: 0.5)
        #expect(association.associate(tracked: [a, b], detected: [c]) == [b, c])
        #expect(association.associate(tracked: [a, b], detected: [d]) == [a, b, d])
        #expect(association.associate(tracked: [a, b], detected: []) == [a, b])
        // A higher threshold keeps the overlapped tracked rect.
        #expect(RectAssociation(minSimilarityThreshold: 0.7).associate(tracked: [a, b], detected: [c]) == [a, b, c])
    }

    @Test func firstNonEmptyInputAlsoDeduplicates() {
        let association = RectAssociation(minSimilarityThreshold: 0.5)
        // No tracked rects: the detections are the first input; c erases a.
        #expect(association.associate(tracked: [], detected: [a, d, c]) == [d, c])
        #expect(association.associate(tracked: [], detected: []) == [])
        #expect(association.associate([[], [a], [], [c]]) == [c])
    }

    @Test func thresholdIsStrict() {
        // IoU exactly 0.5: the right half of a 0.2×0.1 rect.
        let wide = NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0.5, height: 0.25)
        let half = NormalizedRect(xCenter: 0.625, yCenter: 0.5, width: 0.25, height: 0.25)
        #expect(RectAssociation(minSimilarityThreshold: 0.5).associate(tracked: [wide], detected: [half]) == [wide, half])
    }
}

@Suite struct DetectorScheduleTests {
    @Test func runsUntilEnoughAreTracked() {
        let schedule = DetectorSchedule(maxCount: 2)
        #expect(schedule.shouldRunDetector(trackedCount: nil))
        #expect(schedule.shouldRunDetector(trackedCount: 0))
        #expect(schedule.shouldRunDetector(trackedCount: 1))
        #expect(!schedule.shouldRunDetector(trackedCount: 2))
        #expect(!schedule.shouldRunDetector(trackedCount: 3))
        let rects = (0..<4).map { NormalizedRect(xCenter: Float($0), yCenter: 0, width: 1, height: 1) }
        #expect(schedule.clip(rects) == Array(rects.prefix(2)))
        #expect(DetectorSchedule(maxCount: -1).clip(rects).isEmpty)
    }
}

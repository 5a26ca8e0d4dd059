import Testing
import VisionCore

@Suite struct LowPassFilterTests {
    @Test func firstValuePassesThenBlends() {
        // Expected: a float32 replica of low_pass_filter.cc in numpy (α·v in float, the rest in
        // double, rounded to float).
        var filter = LowPassFilter(alpha: 0.1)
        #expect(filter.apply(0.9) == 0.9)
        #expect(filter.apply(0.2) == Float(0.8299999833106995))
        #expect(filter.apply(0.5) == Float(0.796999990940094))
        #expect(filter.lastRawValue == 0.5)
    }

    @Test func invalidAlphaIsIgnored() {
        var filter = LowPassFilter(alpha: 0.5)
        _ = filter.apply(0)
        #expect(filter.apply(1, alpha: 2) == 0.5)
        #expect(filter.alpha == 0.5)
    }
}

@Suite struct OneEuroFilterTests {
    let values: [Double] = [10, 12, 11, 15]

    func run(_ timestamps: [Int64]) throws -> [Double] {
        var filter = try OneEuroFilter(minCutoff: 0.05, beta: 80, derivateCutoff: 1)
        return zip(timestamps, values).map { filter.apply($1, timestamp: $0, valueScale: 0.01) }
    }

    @Test func firstTimestampZero() throws {
        // Expected: a numpy replica of one_euro_filter.cc / low_pass_filter.cc with last_time −1
        // (throwaway script; values are float32 outputs widened to double).
        let out = try run([0, 33_000_000, 66_000_000, 100_000_000])
        let expected = [10.0, 11.273090362548828, 11.173431396484375, 14.239083290100098]
        for (o, e) in zip(out, expected) { #expect(o == e, "\(o) vs \(e)") }
    }

    @Test func firstTimestampPositive() throws {
        let out = try run([5_000_000, 38_000_000, 71_000_000, 105_000_000])
        let expected = [10.0, 11.269232749938965, 11.170713424682617, 14.238861083984375]
        for (o, e) in zip(out, expected) { #expect(o == e, "\(o) vs \(e)") }
    }

    @Test func frequencyQuirks() throws {
        // Quirk 1: first timestamp 0 → the frequency is still 30 Hz after the second frame.
        var zeroStart = try OneEuroFilter(minCutoff: 0.05, beta: 80, derivateCutoff: 1)
        _ = zeroStart.apply(1, timestamp: 0, valueScale: 1)
        #expect(zeroStart.frequency == 30 && zeroStart.lastTime == 0)
        _ = zeroStart.apply(2, timestamp: 33_000_000, valueScale: 1)
        #expect(zeroStart.frequency == 30)
        _ = zeroStart.apply(2, timestamp: 43_000_000, valueScale: 1)
        #expect(isClose(zeroStart.frequency, 100, 1e-9))
        // Quirk 2: first timestamp t₀ > 0 → 1e9/(t₀ + 1), but the first output is the input.
        var late = try OneEuroFilter(minCutoff: 0.05, beta: 80, derivateCutoff: 1)
        #expect(late.apply(7, timestamp: 5_000_000, valueScale: 1) == 7)
        #expect(isClose(late.frequency, 1e9 / 5_000_001, 1e-9))
    }

    @Test func nonIncreasingTimestampsPassThroughWithoutState() throws {
        var filter = try OneEuroFilter(minCutoff: 0.05, beta: 80, derivateCutoff: 1)
        _ = filter.apply(10, timestamp: 0, valueScale: 0.01)
        #expect(filter.apply(99, timestamp: 0, valueScale: 0.01) == 99)
        #expect(filter.apply(98, timestamp: -5, valueScale: 0.01) == 98)
        // The rejected values left no trace: the next step matches the reference sequence.
        #expect(filter.apply(12, timestamp: 33_000_000, valueScale: 0.01) == 11.273090362548828)
    }

    @Test func rejectsInvalidSettings() {
        #expect(throws: VisionCoreError.self) { try OneEuroFilter(frequency: 0, minCutoff: 1, beta: 0, derivateCutoff: 1) }
        #expect(throws: VisionCoreError.self) { try OneEuroFilter(minCutoff: 0, beta: 0, derivateCutoff: 1) }
        #expect(throws: VisionCoreError.self) { try OneEuroFilter(minCutoff: 1, beta: .nan, derivateCutoff: 1) }
        #expect(throws: VisionCoreError.self) { try OneEuroFilter(minCutoff: 1, beta: 0, derivateCutoff: -1) }
    }
}

@Suite struct LandmarksSmootherTests {
    let image = (width: 640, height: 480)

    func landmarks(_ shift: Float) -> [LandmarkPoint] {
        [LandmarkPoint(x: 0.4 + shift, y: 0.5, z: 0.01), LandmarkPoint(x: 0.6 + shift, y: 0.7, z: -0.02, visibility: 0.5)]
    }

    @Test func filtersInPixelsWithBoundingBoxScale() throws {
        var smoother = try LandmarksSmoother(parameters: .faceLandmarks)
        let first = try smoother.smooth(landmarks(0), imageWidth: 640, imageHeight: 480, timestamp: 0)
        #expect(first == landmarks(0))
        let second = try smoother.smooth(landmarks(0.05), imageWidth: 640, imageHeight: 480, timestamp: 33_000_000)
        // Reference: One-Euro filters fed the pixel values directly, value scale 1/object scale,
        // object scale ((0.2·640) + (0.2·480))/2 = 112 px.
        var fx = try OneEuroFilter(minCutoff: 0.05, beta: 80, derivateCutoff: 1)
        _ = fx.apply(Double(Float(0.4) * 640), timestamp: 0, valueScale: 1.0 / 112)
        let x = Float(fx.apply(Double(Float(0.45) * 640), timestamp: 33_000_000, valueScale: Double(Float(1) / 112)))
        #expect(isClose(second[0].x, x / 640, 1e-7))
        #expect(second[0].x > 0.4 && second[0].x < 0.45)
        #expect(second[0].y == 0.5 && second[1].visibility == 0.5)
    }

    @Test func roiObjectScaleChangesTheResult() throws {
        var byBox = try LandmarksSmoother(parameters: .poseLandmarks)
        var byROI = try LandmarksSmoother(parameters: .poseLandmarks)
        let roi = NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0.9, height: 0.9)
        _ = try byBox.smooth(landmarks(0), imageWidth: 640, imageHeight: 480, timestamp: 0)
        _ = try byROI.smooth(landmarks(0), imageWidth: 640, imageHeight: 480, timestamp: 0, objectScaleROI: roi)
        let a = try byBox.smooth(landmarks(0.05), imageWidth: 640, imageHeight: 480, timestamp: 33_000_000)
        let b = try byROI.smooth(landmarks(0.05), imageWidth: 640, imageHeight: 480, timestamp: 33_000_000, objectScaleROI: roi)
        #expect(a[0].x != b[0].x)
    }

    @Test func tinyObjectsPassThroughAndResetRestarts() throws {
        var smoother = try LandmarksSmoother(parameters: .faceLandmarks)
        let point = [LandmarkPoint(x: 0.5, y: 0.5), LandmarkPoint(x: 0.5, y: 0.5)]
        _ = try smoother.smooth(landmarks(0), imageWidth: 640, imageHeight: 480, timestamp: 0)
        // Object scale 0 < 1e-6: unchanged output, and the filters did not see the frame.
        #expect(try smoother.smooth(point, imageWidth: 640, imageHeight: 480, timestamp: 10_000_000) == point)
        let afterTiny = try smoother.smooth(landmarks(0.05), imageWidth: 640, imageHeight: 480, timestamp: 33_000_000)
        var fresh = try LandmarksSmoother(parameters: .faceLandmarks)
        _ = try fresh.smooth(landmarks(0), imageWidth: 640, imageHeight: 480, timestamp: 0)
        #expect(try fresh.smooth(landmarks(0.05), imageWidth: 640, imageHeight: 480, timestamp: 33_000_000) == afterTiny)
        // After reset the next frame passes through.
        smoother.reset()
        #expect(try smoother.smooth(landmarks(0.1), imageWidth: 640, imageHeight: 480, timestamp: 66_000_000) == landmarks(0.1))
        #expect(throws: VisionCoreError.self) {
            try smoother.smooth([LandmarkPoint(x: 0, y: 0)], imageWidth: 640, imageHeight: 480, timestamp: 99_000_000)
        }
    }

    @Test func worldLandmarksIgnoreObjectScale() throws {
        var smoother = try LandmarksSmoother(parameters: .poseWorldLandmarks)
        let still = [LandmarkPoint(x: 0.1, y: 0.1, z: 0.1), LandmarkPoint(x: 0.1, y: 0.1, z: 0.1)]
        _ = try smoother.smoothUnscaled(still, timestamp: 0)
        var moved = still
        moved[0].x = 0.3
        let out = try smoother.smoothUnscaled(moved, timestamp: 33_000_000)
        // Value scaling is off, so even a zero-size object is filtered.
        #expect(out[0].x > 0.1 && out[0].x < 0.3)
    }

    @Test func visibilitySmoothing() throws {
        var smoother = VisibilitySmoother()
        _ = try smoother.smooth([LandmarkPoint(x: 0, y: 0, visibility: 0.9), LandmarkPoint(x: 0, y: 0)])
        let out = try smoother.smooth([LandmarkPoint(x: 5, y: 6, visibility: 0.2, presence: 0.7), LandmarkPoint(x: 0, y: 0, visibility: 1)])
        #expect(out[0].visibility == Float(0.8299999833106995) && out[0].x == 5 && out[0].presence == 0.7)
        #expect(isClose(out[1].visibility ?? -1, 0.1))
        #expect(throws: VisionCoreError.self) { try smoother.smooth([]) }
        smoother.reset()
        #expect(try smoother.smooth([LandmarkPoint(x: 0, y: 0, visibility: 0.3)])[0].visibility == 0.3)
    }
}

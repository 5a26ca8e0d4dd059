import Foundation
import Testing
import VisionCore

@Suite struct LandmarkDecodingTests {
    @Test func poseValuesAndActivations() throws {
        var tensor = [Float](repeating: 0, count: 39 * 5)
        tensor[0] = 128; tensor[1] = 64; tensor[2] = -25.6; tensor[3] = 2; tensor[4] = -1
        let landmarks = try LandmarkDecoder.pose.decode(tensor)
        #expect(landmarks.count == 39)
        #expect(landmarks[0].x == 0.5 && landmarks[0].y == 0.25 && isClose(landmarks[0].z, -0.1))
        #expect(landmarks[0].visibility == sigmoid(2) && landmarks[0].presence == sigmoid(-1))
        #expect(landmarks[1].visibility == 0.5)
    }

    @Test func faceHasNoVisibility() throws {
        let landmarks = try LandmarkDecoder.face.decode([Float](repeating: 256, count: 478 * 3))
        #expect(landmarks.count == 478 && landmarks[477] == LandmarkPoint(x: 1, y: 1, z: 1))
        #expect(throws: VisionCoreError.self) { try LandmarkDecoder.face.decode([1, 2, 3]) }
        #expect(throws: VisionCoreError.self) { try LandmarkDecoder(landmarkCount: 1, valuesPerLandmark: 2).decode([1, 2]) }
        #expect(throws: VisionCoreError.self) { try LandmarkDecoder(landmarkCount: Int.max, valuesPerLandmark: 5).decode([]) }
    }
}

@Suite struct LandmarkProjectionTests {
    @Test func modesAgreeOnXYButNotZ() {
        // 640×480 image, a ROI square in pixels (192 px), rotated by 0.5 rad.
        let rect = NormalizedRect(xCenter: 0.4, yCenter: 0.55, width: 0.3, height: 0.4, rotation: 0.5)
        let input = [LandmarkPoint(x: 0.2, y: 0.7, z: 0.1), LandmarkPoint(x: 0.9, y: 0.1, z: -0.2, visibility: 0.3)]
        let a = LandmarkProjection.withImageDimensions(input, rect: rect, imageWidth: 640, imageHeight: 480)
        let b = LandmarkProjection.normalizedRectOnly(input, rect: rect)
        for (p, q) in zip(a, b) { #expect(isClose(p.x, q.x, 2e-6) && isClose(p.y, q.y, 2e-6)) }
        // (a): z·√((192·cos r/640)² + (192·sin r/480)²); (b): z·0.3 (docs/pipeline.md §2.5).
        let zScaleA = ((192 * cos(0.5) / 640) * (192 * cos(0.5) / 640) + (192 * sin(0.5) / 480) * (192 * sin(0.5) / 480)).squareRoot()
        #expect(isClose(a[0].z, Float(0.1 * zScaleA), 1e-7))
        #expect(isClose(b[0].z, 0.03, 1e-7))
        #expect(abs(a[0].z - b[0].z) > 1e-4)
        #expect(a[1].visibility == 0.3 && b[1].visibility == 0.3)
    }

    @Test func modeBMapsCornersOfUnrotatedRect() {
        let rect = NormalizedRect(xCenter: 0.5, yCenter: 0.5, width: 0.5, height: 0.25)
        let out = LandmarkProjection.normalizedRectOnly([LandmarkPoint(x: 0, y: 0), LandmarkPoint(x: 1, y: 1, z: 2)], rect: rect)
        #expect(out[0] == LandmarkPoint(x: 0.25, y: 0.375) && out[1] == LandmarkPoint(x: 0.75, y: 0.625, z: 1))
    }

    @Test func letterboxRemovalScalesZ() {
        let padding = LetterboxPadding(left: 0.1, top: 0.2, right: 0.1, bottom: 0.2)
        let out = LandmarkProjection.removingLetterbox([LandmarkPoint(x: 0.5, y: 0.2, z: 0.4)], padding: padding)
        #expect(isClose(out[0].x, 0.5) && isClose(out[0].y, 0) && isClose(out[0].z, 0.5))
    }

    @Test func worldLandmarksRotateXYOnly() {
        let rect = NormalizedRect(xCenter: 0.1, yCenter: 0.9, width: 3, height: 3, rotation: .pi / 2)
        let out = LandmarkProjection.rotatingWorldLandmarks([LandmarkPoint(x: 1, y: 0, z: 0.7, visibility: 0.2, presence: 0.9)], rect: rect)
        #expect(isClose(out[0].x, 0) && isClose(out[0].y, 1) && out[0].z == 0.7)
        #expect(out[0].visibility == 0.2 && out[0].presence == 0.9)
    }
}

@Suite struct LandmarksROITests {
    @Test func faceROIFromLandmarks() throws {
        // 478 landmarks on a 0.2×0.3 box in a 640×480 image (128×144 px), eyes (33, 263) level.
        var landmarks = (0..<478).map { i in LandmarkPoint(x: 0.4 + 0.2 * Float(i % 2), y: 0.3 + 0.3 * Float((i / 2) % 2)) }
        landmarks[33] = LandmarkPoint(x: 0.45, y: 0.4)
        landmarks[263] = LandmarkPoint(x: 0.55, y: 0.4)
        let rect = try #require(LandmarksROI.face(landmarks, imageWidth: 640, imageHeight: 480))
        #expect(isClose(rect.xCenter, 0.5) && isClose(rect.yCenter, 0.45) && rect.rotation == 0)
        // square_long: 144 px · 1.5 = 216 px.
        #expect(isClose(rect.width, 216.0 / 640) && isClose(rect.height, 216.0 / 480))
        #expect(LandmarksROI.face(Array(landmarks.prefix(100)), imageWidth: 640, imageHeight: 480) == nil)
    }

    @Test func maximaStartAtFLTMin() {
        // Every landmark negative: the maxima stay at FLT_MIN (docs/pipeline.md §4.4).
        let detection = LandmarksROI.detection(from: [LandmarkPoint(x: -0.5, y: -0.2), LandmarkPoint(x: -0.3, y: -0.4)])
        #expect(detection.xmin == -0.5 && detection.ymin == -0.4)
        #expect(detection.width == Float.leastNormalMagnitude + 0.5)
        #expect(detection.height == Float.leastNormalMagnitude + 0.4)
        #expect(detection.keypoints.count == 2)
    }

    @Test func poseROIFromAuxiliaryPoints() throws {
        let rect = try #require(LandmarksROI.pose(auxiliary: [LandmarkPoint(x: 0.5, y: 0.5), LandmarkPoint(x: 0.5, y: 0.25)],
                                                  imageWidth: 400, imageHeight: 400))
        // Side 2·100 px · 1.25 = 250 px.
        #expect(isClose(rect.width, 0.625) && isClose(rect.height, 0.625) && abs(rect.rotation) < 1e-6)
        #expect(LandmarksROI.pose(auxiliary: [LandmarkPoint(x: 0, y: 0)], imageWidth: 10, imageHeight: 10) == nil)
    }
}

@Suite struct HeatmapRefinementTests {
    /// A 64×64×`channels` logit map at −20 with +10 at the given cells of every channel.
    func heatmap(peaks: [(row: Int, column: Int)], channels: Int = 1) -> [Float] {
        var map = [Float](repeating: -20, count: 64 * 64 * channels)
        for peak in peaks {
            for channel in 0..<channels { map[(peak.row * 64 + peak.column) * channels + channel] = 10 }
        }
        return map
    }

    @Test func movesToThePeak() throws {
        let refined = try HeatmapRefinement().refine([LandmarkPoint(x: 21.5 / 64, y: 11.2 / 64, z: 0.3, visibility: 0.4)],
                                                     heatmap: heatmap(peaks: [(10, 20)]), width: 64, height: 64)
        #expect(isClose(refined[0].x, 20.0 / 64, 1e-5) && isClose(refined[0].y, 10.0 / 64, 1e-5))
        #expect(refined[0].z == 0.3 && refined[0].visibility == 0.4)
    }

    @Test func weightedMeanOfTwoPeaks() throws {
        let refined = try HeatmapRefinement().refine([LandmarkPoint(x: 30.5 / 64, y: 30.5 / 64)],
                                                     heatmap: heatmap(peaks: [(30, 28), (32, 32)]), width: 64, height: 64)
        #expect(isClose(refined[0].x, 30.0 / 64, 1e-5) && isClose(refined[0].y, 31.0 / 64, 1e-5))
    }

    @Test func truncationKeepsSlightlyNegativePoints() throws {
        // x·64 = −0.64 truncates to column 0, so the point is refined, not skipped.
        let refined = try HeatmapRefinement().refine([LandmarkPoint(x: -0.01, y: 5.5 / 64)],
                                                     heatmap: heatmap(peaks: [(5, 0)]), width: 64, height: 64)
        #expect(isClose(refined[0].x, 0, 1e-5) && isClose(refined[0].y, 5.0 / 64, 1e-5))
        // Column −1 is skipped.
        let skipped = try HeatmapRefinement().refine([LandmarkPoint(x: -0.02, y: 5.5 / 64)],
                                                     heatmap: heatmap(peaks: [(5, 0)]), width: 64, height: 64)
        #expect(skipped[0].x == -0.02)
    }

    @Test func rowsPastTheBottomFollowMediaPipesCheck() throws {
        // Row 64 is not rejected (MediaPipe compares the column with the height): rows 61–63 of the
        // window still count. Row 76 leaves an empty window and the point unchanged.
        let refined = try HeatmapRefinement().refine([LandmarkPoint(x: 32.5 / 64, y: 64.5 / 64), LandmarkPoint(x: 32.5 / 64, y: 1.2)],
                                                     heatmap: heatmap(peaks: [(63, 32)], channels: 2), width: 64, height: 64)
        #expect(isClose(refined[0].y, 63.0 / 64, 1e-5) && isClose(refined[0].x, 32.0 / 64, 1e-5))
        #expect(refined[1].y == 1.2)
    }

    @Test func lowConfidenceIsLeftAlone() throws {
        let map = [Float](repeating: -1, count: 64 * 64)  // sigmoid(−1) ≈ 0.27 < 0.5
        let point = LandmarkPoint(x: 0.5, y: 0.5)
        #expect(try HeatmapRefinement().refine([point], heatmap: map, width: 64, height: 64) == [point])
        #expect(throws: VisionCoreError.self) { try HeatmapRefinement().refine([point], heatmap: map, width: 64, height: 32) }
        #expect(throws: VisionCoreError.self) { try HeatmapRefinement().refine([point, point], heatmap: map, width: 64, height: 64) }
        let nanPoint = LandmarkPoint(x: .nan, y: 0.5)
        #expect(try HeatmapRefinement().refine([nanPoint], heatmap: map, width: 64, height: 64)[0].x.isNaN)
    }
}

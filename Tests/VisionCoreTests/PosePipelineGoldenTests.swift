import Foundation
import Testing
import TestSupport
import VisionCore

/// Raw LiteRT outputs of the pose models next to MediaPipe's PoseLandmarker results, recorded by
/// `scripts/golden/pose_pipeline.py`. VisionCore redoes decoding, NMS, letterbox removal, the
/// alignment ROI, heatmap refinement, projection (mode b) and the world-landmark rotation.
@Suite struct PosePipelineGoldenTests {
    struct Manifest: Decodable {
        struct Row: Decodable {
            var index: Int
            var score: Float
            var box: [Float]
        }
        struct Window: Decodable {
            var row: Int
            var col: Int
            var rows: Int
            var cols: Int
            var values: [Float]
        }
        struct Frame: Decodable {
            var image: String
            var width: Int
            var height: Int
            var letterbox: [Float]
            var detector_rows: [Row]
            var roi: [Float]
            var landmarks_raw: [Float]
            var presence: Float
            var world_raw: [Float]
            var heatmap_windows: [Window?]
            var landmarks: [[[Float]]]
            var world_landmarks: [[[Float]]]
        }
        var frames: [Frame]
    }

    @Test func matchesMediaPipe() throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: Assets.fixture("pose-pipeline/manifest.json")))
        #expect(manifest.frames.count == 2)
        let anchors = SSDAnchorOptions.pose.anchors()
        for frame in manifest.frames {
            // Detector: rows not stored are far below the threshold; −100 logits stand in for them.
            var boxes = [Float](repeating: 0, count: anchors.count * 12)
            var scores = [Float](repeating: -100, count: anchors.count)
            for row in frame.detector_rows {
                scores[row.index] = row.score
                for k in 0..<12 { boxes[row.index * 12 + k] = row.box[k] }
            }
            let (_, padding) = try #require(PixelRegion(.fullImage, imageWidth: frame.width, imageHeight: frame.height)
                .letterboxed(tensorWidth: 224, tensorHeight: 224))
            #expect([padding.left, padding.top, padding.right, padding.bottom] == frame.letterbox)
            let detections = WeightedNonMaxSuppression(iouThreshold: 0.5)
                .apply(to: try SSDDecoder.pose(minScore: 0.5).decode(boxes: boxes, scores: scores, anchors: anchors))
                .map { $0.removingLetterbox(padding) }
            let best = try #require(detections.first)
            let roi = try #require(DetectionROI.pose(best, imageWidth: frame.width, imageHeight: frame.height))
            #expect(isClose(roi.xCenter, frame.roi[0], 1e-6) && isClose(roi.yCenter, frame.roi[1], 1e-6), "\(frame.image)")
            #expect(isClose(roi.width, frame.roi[2], 1e-6) && isClose(roi.height, frame.roi[3], 1e-6), "\(frame.image)")
            #expect(isClose(roi.rotation, frame.roi[4], 1e-6), "\(frame.image)")

            // Landmark model: decode, refine with the heatmap, project.
            #expect(frame.presence > 0.5)
            var heatmap = [Float](repeating: -1e4, count: 64 * 64 * 39)
            for (channel, window) in frame.heatmap_windows.enumerated() {
                guard let window else { continue }
                for r in 0..<window.rows {
                    for c in 0..<window.cols {
                        heatmap[((window.row + r) * 64 + window.col + c) * 39 + channel] = window.values[r * window.cols + c]
                    }
                }
            }
            let decoded = try LandmarkDecoder.pose.decode(frame.landmarks_raw)
            let refined = try HeatmapRefinement().refine(decoded, heatmap: heatmap, width: 64, height: 64)
            let projected = LandmarkProjection.normalizedRectOnly(LandmarkProjection.removingLetterbox(refined, padding: .zero), rect: roi)
            let reference = try #require(frame.landmarks.first)
            var worst: Float = 0, worstXY: Float = 0, worstScores: Float = 0
            for (mine, theirs) in zip(projected.prefix(33), reference) {
                worstXY = max(worstXY, abs(mine.x - theirs[0]), abs(mine.y - theirs[1]))
                worstScores = max(worstScores, abs((mine.visibility ?? -1) - theirs[3]), abs((mine.presence ?? -1) - theirs[4]))
                worst = max(worst, worstXY, worstScores, abs(mine.z - theirs[2]))
            }
            // The ROI here comes from LiteRT's detector output, which differs from MediaPipe's by
            // ~1e-7 and moves a large ROI (2.45 × the image on the astronaut close-up) enough to
            // change landmarks by ~1e-4 (docs/pipeline.md §11.3). The parity gate is 1e-3 (docs/parity.md §4).
            #expect(worst <= 1e-3, "\(frame.image): landmarks |Δ| \(worst)")

            // World landmarks: visibility and presence copied from the refined landmarks, rotated by the ROI.
            let world = (0..<33).map { i in
                LandmarkPoint(x: frame.world_raw[3 * i], y: frame.world_raw[3 * i + 1], z: frame.world_raw[3 * i + 2],
                              visibility: refined[i].visibility, presence: refined[i].presence)
            }
            let rotated = LandmarkProjection.rotatingWorldLandmarks(world, rect: roi)
            var worstWorld: Float = 0
            for (mine, theirs) in zip(rotated, try #require(frame.world_landmarks.first)) {
                worstWorld = max(worstWorld, abs(mine.x - theirs[0]), abs(mine.y - theirs[1]), abs(mine.z - theirs[2]),
                                 abs((mine.visibility ?? -1) - theirs[3]))
            }
            #expect(worstWorld <= 1e-3, "\(frame.image): world |Δ| \(worstWorld)")
            print("pose pipeline \(frame.image): landmarks |Δ| xy \(worstXY), visibility/presence \(worstScores), all \(worst); world |Δ| \(worstWorld)")

            // The next-frame ROI from the auxiliary points is square in pixels.
            let next = try #require(LandmarksROI.pose(auxiliary: Array(projected[33...34]), imageWidth: frame.width, imageHeight: frame.height))
            #expect(isClose(next.width * Float(frame.width), next.height * Float(frame.height), 1e-2))
        }
    }
}

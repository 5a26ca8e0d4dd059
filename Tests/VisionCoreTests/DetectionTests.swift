import Foundation
import Testing
import VisionCore

@Suite struct SSDDecoderTests {
    let anchors = [Anchor(xCenter: 0.5, yCenter: 0.5, width: 1, height: 1),
                   Anchor(xCenter: 0.25, yCenter: 0.75, width: 1, height: 1),
                   Anchor(xCenter: 0.5, yCenter: 0.5, width: 1, height: 1)]
    let decoder = SSDDecoder(keypointCount: 1, xScale: 128, yScale: 128, wScale: 128, hScale: 128, minScoreThreshold: 0.5)

    @Test func decodesBoxesAndKeypoints() throws {
        // Row 0: dx 12.8, dy −25.6, w 32, h 64 px, keypoint (6.4, 0) → centre (0.6, 0.3), size
        // (0.25, 0.5), keypoint (0.55, 0.5). Score logit 0 → 0.5, kept because the test is `≥`.
        let boxes: [Float] = [12.8, -25.6, 32, 64, 6.4, 0,
                              0, 0, 10, 10, 0, 0,
                              0, 0, -1, 10, 0, 0]
        let detections = try decoder.decode(boxes: boxes, scores: [0, -0.0001, 5], anchors: anchors)
        #expect(detections.count == 1)  // row 1 scores below 0.5, row 2 has a negative width
        let d = try #require(detections.first)
        #expect(d.score == 0.5)
        #expect(isClose(d.xmin, 0.475) && isClose(d.ymin, 0.05) && isClose(d.width, 0.25) && isClose(d.height, 0.5))
        #expect(isClose(d.keypoints[0].x, 0.55) && isClose(d.keypoints[0].y, 0.5))
    }

    @Test func clipsScoresBeforeSigmoid() throws {
        var open = decoder
        open.minScoreThreshold = nil
        let boxes = [Float](repeating: 1, count: 18)
        let detections = try open.decode(boxes: boxes, scores: [1000, -1000, .infinity], anchors: anchors)
        #expect(detections.map(\.score) == [1, sigmoid(-100), 1])
        #expect(sigmoid(-100) == 0)  // exp(100) overflows float
    }

    @Test func dropsNaNSizes() throws {
        var boxes = [Float](repeating: 1, count: 18)
        boxes[3] = .nan
        let detections = try decoder.decode(boxes: boxes, scores: [3, 3, 3], anchors: anchors)
        #expect(detections.count == 2)
    }

    @Test func rejectsWrongSizes() {
        #expect(throws: VisionCoreError.self) { try decoder.decode(boxes: [1, 2, 3], scores: [0, 0, 0], anchors: anchors) }
        #expect(throws: VisionCoreError.self) { try decoder.decode(boxes: [Float](repeating: 0, count: 18), scores: [0], anchors: anchors) }
        #expect(SSDDecoder.face(inputSize: 128, minScore: 0.5).coordinateCount == 16)
        #expect(SSDDecoder.pose(minScore: 0.5).coordinateCount == 12)
    }
}

@Suite struct WeightedNonMaxSuppressionTests {
    @Test func mergesOverlapsByScore() {
        let a = RelativeDetection(score: 0.9, xmin: 0, ymin: 0, width: 1, height: 1, keypoints: [Point2(x: 0, y: 0)])
        let b = RelativeDetection(score: 0.6, xmin: 0.1, ymin: 0.1, width: 1, height: 1, keypoints: [Point2(x: 1, y: 1)])
        let c = RelativeDetection(score: 0.7, xmin: 5, ymin: 5, width: 1, height: 1, keypoints: [Point2(x: 5, y: 5)])
        // IoU(a, b) = 0.81/1.19 > 0.5. Weighted by 0.9 and 0.6: xmin = 0.06/1.5 = 0.04, xmax =
        // (0.9 + 0.66)/1.5 = 1.04, keypoint = 0.6/1.5 = 0.4; the score stays 0.9.
        let out = WeightedNonMaxSuppression(iouThreshold: 0.5).apply(to: [b, c, a])
        #expect(out.count == 2)
        #expect(out[0].score == 0.9 && out[1] == c)
        #expect(isClose(out[0].xmin, 0.04) && isClose(out[0].ymin, 0.04))
        #expect(isClose(out[0].width, 1.0) && isClose(out[0].height, 1.0))
        #expect(isClose(out[0].keypoints[0].x, 0.4) && isClose(out[0].keypoints[0].y, 0.4))
    }

    @Test func thresholdIsStrict() {
        // b lies inside a with half its area: IoU exactly 0.5 is not > 0.5.
        let a = RelativeDetection(score: 0.9, xmin: 0, ymin: 0, width: 2, height: 1)
        let b = RelativeDetection(score: 0.8, xmin: 1, ymin: 0, width: 1, height: 1)
        #expect(WeightedNonMaxSuppression(iouThreshold: 0.5).apply(to: [a, b]) == [a, b])
        #expect(WeightedNonMaxSuppression(iouThreshold: 0.49).apply(to: [a, b]).count == 1)
    }

    @Test func zeroAreaTopStopsTheLoop() {
        // MediaPipe's loop ends when a round removes nothing: a zero-area best detection is not
        // its own candidate, so it comes out alone.
        let point = RelativeDetection(score: 0.95, xmin: 0.5, ymin: 0.5, width: 0, height: 0)
        let other = RelativeDetection(score: 0.5, xmin: 0, ymin: 0, width: 0.1, height: 0.1)
        #expect(WeightedNonMaxSuppression(iouThreshold: 0.3).apply(to: [other, point]) == [point])
    }

    @Test func outputIsSortedAndScoresComeFromInput() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<50 {
            let detections = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                RelativeDetection(score: Float.random(in: 0...1, using: &generator),
                                  xmin: Float.random(in: 0...0.8, using: &generator), ymin: Float.random(in: 0...0.8, using: &generator),
                                  width: Float.random(in: 0.01...0.3, using: &generator), height: Float.random(in: 0.01...0.3, using: &generator),
                                  keypoints: [Point2(x: 0.5, y: 0.5)])
            }
            let out = WeightedNonMaxSuppression(iouThreshold: 0.3).apply(to: detections)
            #expect(out.count <= detections.count)
            #expect(zip(out, out.dropFirst()).allSatisfy { $0.score >= $1.score })
            let scores = Set(detections.map(\.score))
            #expect(out.allSatisfy { scores.contains($0.score) })
            // No two outputs overlap above the threshold (every overlapping box was merged).
            for i in out.indices {
                for j in out.indices where j > i {
                    let iouOfInputs = detections.first { $0.score == out[i].score }!.box
                        .intersectionOverUnion(with: detections.first { $0.score == out[j].score }!.box)
                    #expect(iouOfInputs <= 0.3)
                }
            }
        }
    }
}

@Suite struct DetectionProjectionTests {
    @Test func letterboxMatrixEqualsLetterboxRemoval() throws {
        let region = PixelRegion(.fullImage, imageWidth: 640, imageHeight: 480)
        let (padded, padding) = try #require(region.letterboxed(tensorWidth: 128, tensorHeight: 128))
        let matrix = Matrix4x4.subRectToImage(padded, imageWidth: 640, imageHeight: 480)
        let detection = RelativeDetection(score: 0.8, xmin: 0.3, ymin: 0.25, width: 0.2, height: 0.3,
                                          keypoints: [Point2(x: 0.35, y: 0.4), Point2(x: 0.45, y: 0.4)])
        let projected = detection.projected(by: matrix)
        let unboxed = detection.removingLetterbox(padding)
        #expect(isClose(projected.xmin, unboxed.xmin) && isClose(projected.ymin, unboxed.ymin))
        #expect(isClose(projected.width, unboxed.width) && isClose(projected.height, unboxed.height))
        // y: (0.25 − 0.125)/0.75
        #expect(isClose(unboxed.ymin, 0.125 / 0.75) && isClose(unboxed.height, 0.4))
        for (p, u) in zip(projected.keypoints, unboxed.keypoints) { #expect(isClose(p.x, u.x) && isClose(p.y, u.y)) }
        #expect(projected.score == 0.8)
    }

    @Test func rotationGivesBoundingBoxOfCorners() {
        // A square region rotated by 90° clockwise: tensor +x runs down the image.
        let matrix = Matrix4x4.subRectToImage(PixelRegion(centerX: 50, centerY: 50, width: 100, height: 100, rotation: .pi / 2),
                                              imageWidth: 100, imageHeight: 100)
        let detection = RelativeDetection(score: 1, xmin: 0.1, ymin: 0.2, width: 0.4, height: 0.2, keypoints: [Point2(x: 1, y: 0)])
        let projected = detection.projected(by: matrix)
        // (u, v) ↦ (1 − v, u): the box spans x ∈ [0.6, 0.8], y ∈ [0.1, 0.5].
        #expect(isClose(projected.xmin, 0.6) && isClose(projected.width, 0.2))
        #expect(isClose(projected.ymin, 0.1) && isClose(projected.height, 0.4))
        #expect(isClose(projected.keypoints[0].x, 1) && isClose(projected.keypoints[0].y, 1))
    }

    @Test func pixelBoundingBoxTruncatesThenClamps() {
        let d = RelativeDetection(score: 1, xmin: 0.5, ymin: -0.1, width: 1.2, height: 0.2999)
        #expect(d.pixelBoundingBox(imageWidth: 641, imageHeight: 100) == PixelBoundingBox(originX: 320, originY: 0, width: 641, height: 29))
        let bad = RelativeDetection(score: 1, xmin: .nan, ymin: .infinity, width: -.infinity, height: 1e30)
        #expect(bad.pixelBoundingBox(imageWidth: 10, imageHeight: 20) == PixelBoundingBox(originX: 0, originY: 20, width: 0, height: 20))
    }
}

@Suite struct DetectionROITests {
    @Test func faceROIFromDetection() throws {
        // 640×480; eyes level → rotation 0; ×1.5 without squaring.
        let level = RelativeDetection(score: 1, xmin: 0.4, ymin: 0.3, width: 0.2, height: 0.2,
                                      keypoints: [Point2(x: 0.45, y: 0.35), Point2(x: 0.55, y: 0.35)])
        let rect = try #require(DetectionROI.face(level, imageWidth: 640, imageHeight: 480))
        #expect(isClose(rect.xCenter, 0.5) && isClose(rect.yCenter, 0.4))
        #expect(isClose(rect.width, 0.3) && isClose(rect.height, 0.3) && rect.rotation == 0)
        // kp1 64 px right and 48 px below kp0: rotation = atan2(48, 64) (clockwise).
        var tilted = level
        tilted.keypoints[1] = Point2(x: 0.55, y: 0.45)
        let tiltedRect = try #require(DetectionROI.face(tilted, imageWidth: 640, imageHeight: 480))
        #expect(isClose(tiltedRect.rotation, Float(atan2(48.0, 64.0)), 1e-6))
        #expect(DetectionROI.face(RelativeDetection(score: 1, xmin: 0, ymin: 0, width: 1, height: 1), imageWidth: 10, imageHeight: 10) == nil)
    }

    @Test func poseROIFromAlignmentPoints() throws {
        // Hip centre (0.5, 0.6), kp1 straight above by 144 px: upright, rotation 0; side 2·144 =
        // 288 px, ×1.25 → 360 px = 0.5625 W, 0.75 H.
        let detection = RelativeDetection(score: 1, xmin: 0.45, ymin: 0.1, width: 0.1, height: 0.1,
                                          keypoints: [Point2(x: 0.5, y: 0.6), Point2(x: 0.5, y: 0.3), Point2(x: 0, y: 0), Point2(x: 0, y: 0)])
        let rect = try #require(DetectionROI.pose(detection, imageWidth: 640, imageHeight: 480))
        #expect(isClose(rect.xCenter, 0.5) && isClose(rect.yCenter, 0.6))
        #expect(isClose(rect.width, 0.5625) && isClose(rect.height, 0.75))
        #expect(abs(rect.rotation) < 1e-6)
        // Lying to the right (kp1 to the right of the hips): rotated by +90°.
        var lying = detection
        lying.keypoints[1] = Point2(x: 0.8, y: 0.6)
        let lyingRect = try #require(DetectionROI.pose(lying, imageWidth: 640, imageHeight: 480))
        #expect(isClose(lyingRect.rotation, .pi / 2, 1e-6))
        #expect(RelativeDetection.targetAngle(degrees: 90) == Float(Double.pi / 2))
    }
}

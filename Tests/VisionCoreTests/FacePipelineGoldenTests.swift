import Foundation
import Testing
import TestSupport
import VisionCore

/// Raw LiteRT outputs of the face models (on the tensors MediaPipe's ImageToTensor would build)
/// next to MediaPipe's FaceDetector and FaceLandmarker results, recorded by
/// `scripts/golden/face_pipeline.py`. VisionCore redoes every step after inference.
@Suite struct FacePipelineGoldenTests {
    struct Manifest: Decodable {
        struct Detection: Decodable {
            var score: Float
            var box: [Int]
            var keypoints: [[Float]]
        }
        struct Frame: Decodable {
            var stem: String
            var width: Int
            var height: Int
            var letterbox: [Float]
            var roi: [Float]
            var detections: [Detection]
            var landmarks: [[[Float]]]
        }
        var frames: [Frame]
    }

    func manifest() throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: Assets.fixture("face-pipeline/manifest.json")))
    }

    func floats(_ name: String) throws -> [Float] {
        let bytes = [UInt8](try Data(contentsOf: Assets.fixture("face-pipeline/\(name)")))
        return stride(from: 0, to: bytes.count - 3, by: 4).map { offset in
            var bits: UInt32 = 0
            for k in 0..<4 { bits |= UInt32(bytes[offset + k]) << (8 * UInt32(k)) }
            return Float(bitPattern: bits)
        }
    }

    /// Decoding and letterbox of the 128 detector for a frame.
    func detections(_ frame: Manifest.Frame, nmsThreshold: Float) throws -> [RelativeDetection] {
        let decoded = try SSDDecoder.face(inputSize: 128, minScore: 0.5).decode(
            boxes: try floats("\(frame.stem).detector_boxes.f32"), scores: try floats("\(frame.stem).detector_scores.f32"),
            anchors: SSDAnchorOptions.faceShortRange.anchors())
        let merged = WeightedNonMaxSuppression(iouThreshold: nmsThreshold).apply(to: decoded)
        let (region, padding) = try #require(PixelRegion(.fullImage, imageWidth: frame.width, imageHeight: frame.height)
            .letterboxed(tensorWidth: 128, tensorHeight: 128))
        #expect([padding.left, padding.top, padding.right, padding.bottom] == frame.letterbox)
        let matrix = Matrix4x4.subRectToImage(region, imageWidth: frame.width, imageHeight: frame.height)
        return merged.map { $0.projected(by: matrix) }
    }

    @Test func faceDetectorMatchesMediaPipe() throws {
        let frames = try manifest().frames
        #expect(frames.count == 2)
        for frame in frames {
            let ours = try detections(frame, nmsThreshold: 0.3)
            try #require(ours.count == frame.detections.count, "\(frame.stem)")
            for (mine, theirs) in zip(ours, frame.detections) {
                #expect(isClose(mine.score, theirs.score, 1e-5), "\(frame.stem) score \(mine.score) vs \(theirs.score)")
                let box = mine.pixelBoundingBox(imageWidth: frame.width, imageHeight: frame.height)
                #expect([box.originX, box.originY, box.width, box.height] == theirs.box, "\(frame.stem)")
                for (k, keypoint) in mine.keypoints.enumerated() {
                    #expect(isClose(keypoint.x, theirs.keypoints[k][0], 1e-5) && isClose(keypoint.y, theirs.keypoints[k][1], 1e-5),
                            "\(frame.stem) keypoint \(k)")
                }
            }
        }
    }

    @Test func landmarkStageMatchesMediaPipe() throws {
        for frame in try manifest().frames {
            let best = try #require(try detections(frame, nmsThreshold: 0.5).first)
            let roi = try #require(DetectionROI.face(best, imageWidth: frame.width, imageHeight: frame.height))
            // The script's float32 replica of the same steps (it cropped with this ROI).
            let expected = NormalizedRect(xCenter: frame.roi[0], yCenter: frame.roi[1], width: frame.roi[2], height: frame.roi[3], rotation: frame.roi[4])
            #expect(isClose(roi.xCenter, expected.xCenter, 1e-6) && isClose(roi.yCenter, expected.yCenter, 1e-6))
            #expect(isClose(roi.width, expected.width, 1e-6) && isClose(roi.height, expected.height, 1e-6))
            #expect(isClose(roi.rotation, expected.rotation, 1e-5))

            let presence = sigmoid(try floats("\(frame.stem).presence.f32")[0])
            #expect(presence > 0.5)
            let decoded = try LandmarkDecoder.face.decode(try floats("\(frame.stem).landmarks_raw.f32"))
            let projected = LandmarkProjection.withImageDimensions(decoded, rect: roi, imageWidth: frame.width, imageHeight: frame.height)
            let reference = try #require(frame.landmarks.first)
            var worstXY: Float = 0, worstZ: Float = 0
            for (mine, theirs) in zip(projected, reference) {
                worstXY = max(worstXY, abs(mine.x - theirs[0]), abs(mine.y - theirs[1]))
                worstZ = max(worstZ, abs(mine.z - theirs[2]))
            }
            // A faithful port reaches about 1e-5 (the gates are 5e-4 / 1e-3, docs/parity.md §4).
            #expect(worstXY <= 2e-5 && worstZ <= 2e-5, "\(frame.stem): xy \(worstXY), z \(worstZ)")
            print("face pipeline \(frame.stem): landmark |Δ| xy \(worstXY), z \(worstZ)")

            // The next-frame ROI from these landmarks is square in pixels and covers the face.
            let next = try #require(LandmarksROI.face(projected, imageWidth: frame.width, imageHeight: frame.height))
            #expect(isClose(next.width * Float(frame.width), next.height * Float(frame.height), 1e-3))
            #expect(abs(next.xCenter - roi.xCenter) < 0.05 && abs(next.yCenter - roi.yCenter) < 0.05)
        }
    }
}

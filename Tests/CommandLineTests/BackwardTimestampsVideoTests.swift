import Foundation
import Imaging
import Testing
import TestSupport
import VideoIO

/// Two clips joined into one MPEG-TS, both starting at the same time: the timestamps go back at the
/// join, and the overlay must still last as long as the input.
@Suite struct BackwardTimestampsVideoTests {
    @Test func timestampsThatGoBackKeepTheOverlaysDuration() throws {
        let folder = try DriverTool.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("restarted clock.ts").path
        let overlay = folder.appendingPathComponent("overlay.mp4").path
        let part = 50
        let frames = try ClipFixtures.faceFrames(count: part, width: 320, height: 240)
        // Both parts start at the same time: at the join, the timestamps go back by 2 s.
        try ClipFixtures.joinedTransportStream(at: video, clips: [frames, frames])
        let input = try VideoReader(path: video)
        var inputTimes: [Double] = []
        while let frame = try input.nextFrame() { inputTimes.append(frame.timestampMilliseconds) }
        try #require(inputTimes.count == 2 * part)
        try #require(inputTimes[part] < inputTimes[part - 1], "the input's times go back at the join: \(inputTimes)")

        let run = try DriverTool.run(["face-detector", video, "--overlay", overlay])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try run.lines().count == 2 * part)
        let reader = try VideoReader(path: overlay)
        var times: [Double] = []
        while let frame = try reader.nextFrame() { times.append(frame.timestampMilliseconds) }
        try #require(times.count == 2 * part)
        // The input shows 2 × 50 frames of 40 ms: 4 s, the overlay too (within two frames).
        let inputDuration = Double(2 * part) * 40
        let overlayDuration = (times.last ?? 0) + 40
        #expect(abs(overlayDuration - inputDuration) <= 80, "overlay lasts \(overlayDuration) ms, the input \(inputDuration) ms")
        if let declared = reader.info.durationMilliseconds {
            #expect(abs(declared - inputDuration) <= 80, "the overlay declares \(declared) ms")
        }
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { abs($0 - 40) <= 1 }, "every overlay frame shows for one input frame: \(steps)")
    }
}
